import { Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCashBanknote,
  IconFileText,
  IconHome,
  IconLogout,
  IconReceipt2,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DASHBOARD_FROM_ADMIN, markCameFromAdmin } from '../../features/admin/back-to-dashboard.ts';
import { ForcedRunButtons } from '../../features/admin/forced-runs/forced-run-buttons.tsx';
import { type Privilege, usePrivileges } from '../../features/admin/shared/privileges.ts';

const links: { label: string; to: string; privilege: Privilege; icon: typeof IconHome; exact?: boolean }[] = [
  { label: 'Home', to: '/admin', privilege: 'customer', icon: IconHome, exact: true },
  { label: 'Client Details', to: '/admin/users', privilege: 'customer', icon: IconUsers },
  { label: 'Logs', to: '/admin/logs', privilege: 'log', icon: IconFileText },
  { label: 'Transactions', to: '/admin/transactions', privilege: 'transaction', icon: IconReceipt2 },
  { label: 'Pay-backs', to: '/admin/paybacks', privilege: 'transaction', icon: IconCashBanknote },
];

/** The admin sidebar's content; the same in the desktop navbar and the mobile drawer. */
export function AdminNav({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout: () => void }) {
  const { has } = usePrivileges();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  return (
    <Stack gap="md" h="100%">
      <ScrollArea.Autosize mah="100%" type="never">
        <Stack component="nav" aria-label="Admin" gap={2}>
          {links
            .filter((link) => has(link.privilege))
            .map(({ label, to, icon: Icon, exact }) => {
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
        <Divider my="md" />
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={6} px={4} id="forced-runs-label">
          Forced runs
        </Text>
        <section aria-labelledby="forced-runs-label">
          <ForcedRunButtons onRequest={onNavigate} />
        </section>
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
