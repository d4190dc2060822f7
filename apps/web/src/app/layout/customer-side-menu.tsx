import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Box, Divider, NavLink, Stack } from '@mantine/core';
import {
  IconBell,
  IconCreditCard,
  IconHeadset,
  IconHome,
  IconLock,
  IconLogout,
  IconReceipt,
  IconShieldLock,
  IconTrash,
  IconUser,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { Dialog } from '../../components/overlays/dialog.tsx';
import { AccountLanguageSwitch } from '../../features/account/account-language-switch.tsx';
import { hasSection } from '../../features/account/account-sections.ts';
import { useAuth } from '../auth/auth-state.tsx';
import { isAdminToken } from '../auth/claims.ts';

interface CustomerSideMenuProps {
  opened: boolean;
  onClose: () => void;
  fullName: string;
  onSupport: () => void;
  onLogout: () => void;
}

/** The account's sections, named as their titles name them (one Spanish term each with the section menu). */
export const sectionLinks = [
  { label: msg`Personal Information`, ref: 'personalinfo', icon: IconUser },
  { label: msg`Security`, ref: 'security', icon: IconShieldLock },
  { label: msg`Payment Method`, ref: 'payment', icon: IconCreditCard },
  { label: msg`Subscription`, ref: 'subscription', icon: IconReceipt },
  { label: msg`Notifications`, ref: 'notifications', icon: IconBell },
  { label: msg`Privacy`, ref: 'privacy', icon: IconLock },
] as const;

/** The signed-in offcanvas menu (page scroll is locked while it is open; outside click closes it). */
export function CustomerSideMenu({ opened, onClose, fullName, onSupport, onLogout }: CustomerSideMenuProps) {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const staff = isAdminToken(useAuth().user?.access_token);
  // The places are links (issue 40: buttons could not be opened in a new tab or show their
  // address); following one closes the menu. Support and Logout do something: they stay buttons.
  const place = (to: string) => ({ component: Link, to, onClick: onClose });
  return (
    <Dialog opened={opened} onClose={onClose} side="left" title={t`Menu`} closeLabel={t`Close menu`}>
      <Stack component="nav" aria-label={t`Account menu`} gap={2}>
        <NavLink
          {...place('/dashboard')}
          label={t`Account`}
          leftSection={<IconHome size={18} />}
          active={pathname === '/dashboard'}
        />
        <NavLink
          component="button"
          label={t`Support`}
          leftSection={<IconHeadset size={18} />}
          onClick={() => {
            onClose();
            onSupport();
          }}
        />
        <Divider my="xs" />
        {sectionLinks
          .filter(({ ref }) => hasSection(staff, ref))
          .map(({ label, ref, icon: Icon }) => (
            <NavLink
              {...place(`/dashboard/account/${ref}`)}
              key={ref}
              label={i18n._(label)}
              leftSection={<Icon size={18} />}
              active={pathname === `/dashboard/account/${ref}`}
            />
          ))}
        {!staff && (
          <NavLink
            {...place('/dashboard/account/delete')}
            label={t`Delete Account`}
            c="red.9"
            leftSection={<IconTrash size={18} />}
          />
        )}
        <Divider my="xs" />
        {fullName && (
          <NavLink
            {...place('/dashboard/account')}
            label={fullName}
            leftSection={<IconUserCircle size={18} />}
            // A long name wraps instead of widening the menu (issue 40).
            styles={{ label: { overflowWrap: 'anywhere' } }}
          />
        )}
        <NavLink
          component="button"
          label={t`Logout`}
          leftSection={<IconLogout size={18} />}
          onClick={onLogout}
        />
        <Divider my="xs" />
        <Box px="sm" py={4}>
          <AccountLanguageSwitch />
        </Box>
      </Stack>
    </Dialog>
  );
}
