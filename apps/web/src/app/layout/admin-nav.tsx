import { Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCashBanknote,
  IconFileText,
  IconGavel,
  IconHome,
  IconLogout,
  IconReceipt2,
  IconShieldCheck,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DASHBOARD_FROM_ADMIN, markCameFromAdmin } from '../../features/admin/back-to-dashboard.ts';
import { ForcedRunButtons } from '../../features/admin/forced-runs/forced-run-buttons.tsx';
import { usePrivileges } from '../../features/admin/shared/privileges.ts';
import { visibleAdminLinks } from './admin-nav-links.ts';

const icons: Record<string, typeof IconHome> = {
  '/admin': IconHome,
  '/admin/users': IconUsers,
  '/admin/logs': IconFileText,
  '/admin/transactions': IconReceipt2,
  '/admin/paybacks': IconCashBanknote,
  '/admin/disputes': IconGavel,
  '/admin/audit': IconShieldCheck,
  '/admin/staff': IconUserShield,
};

/** The admin sidebar's content; the same in the desktop navbar and the mobile drawer. */
export function AdminNav({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout: () => void }) {
  const { has, permissions } = usePrivileges();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  return (
    <Stack gap="md" h="100%">
      <ScrollArea.Autosize mah="100%" type="never">
        <Stack component="nav" aria-label="Admin" gap={2}>
          {visibleAdminLinks(permissions).map(({ label, to, exact }) => {
            const Icon = icons[to] ?? IconHome;
            const active = exact ? pathname === to || pathname === `${to}/` : pathname.startsWith(to);
            return (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={label}
                active={active}
                aria-current={active ? 'page' : undefined}
                leftSection={<Icon size={18} aria-hidden />}
                onClick={onNavigate}
                variant="light"
                styles={{ root: { borderRadius: 8 } }}
              />
            );
          })}
          <NavLink
            component="button"
            label="Back To Dashboard"
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            onClick={() => {
              markCameFromAdmin();
              onNavigate?.();
              navigate(DASHBOARD_FROM_ADMIN);
            }}
            styles={{ root: { borderRadius: 8 } }}
          />
        </Stack>
        {/* Forced runs move money: finance and admin only (support cannot). */}
        {has('transaction') ? (
          <>
            <Divider my="md" />
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={6} px={4} id="forced-runs-label">
              Forced runs
            </Text>
            <section aria-labelledby="forced-runs-label">
              <ForcedRunButtons onRequest={onNavigate} />
            </section>
          </>
        ) : null}
        <Divider my="md" />
        <NavLink
          component="button"
          label="Logout"
          c="red.8"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={onLogout}
          styles={{ root: { borderRadius: 8 } }}
        />
      </ScrollArea.Autosize>
    </Stack>
  );
}
