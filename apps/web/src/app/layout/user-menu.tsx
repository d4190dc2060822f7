import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar, Button, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconHeadset, IconLogout, IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MenuDivider, MenuItem, MenuLabel, PopupMenu } from '../../components/overlays/popup-menu.tsx';
import { initialsOf } from './initials.ts';

interface UserMenuProps {
  name: string;
  onSupport: () => void;
  onLogout: () => void;
}

/** The name dropdown of the signed-in top bar: Account Settings, Support, Logout. */
export function UserMenu({ name, onSupport, onLogout }: UserMenuProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 500px)', false, { getInitialValueInEffect: false });
  const initials = initialsOf(name);
  return (
    <PopupMenu
      placement="bottom-end"
      width={220}
      target={
        <Button
          variant="subtle"
          color="navy"
          px={narrow ? 4 : undefined}
          // A phone shows only the initials: the name starts with them, so "Click NN" (voice
          // control) finds the button (WCAG 2.5.3 Label in Name; issue 40).
          aria-label={narrow ? t`${initials}, account menu for ${name}` : undefined}
          leftSection={
            // The initials repeat the name beside them: not read out with it ("AL Ann Lee", a walk).
            <Avatar size={28} color="navy" aria-hidden>
              {initials}
            </Avatar>
          }
          rightSection={<IconChevronDown size={16} />}
        >
          {!narrow && (
            <Text fw={600} fz="sm" maw={180} truncate title={name}>
              {name}
            </Text>
          )}
        </Button>
      }
    >
      {narrow && (
        // A long name takes two lines at most, broken anywhere, so the menu (and its Logout)
        // stays on screen (issue 40: a 300-character name made the page 1500 px wide). The
        // whole name is in its title and read by screen readers.
        <MenuLabel>
          <Text inherit lineClamp={2} title={name} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
        </MenuLabel>
      )}
      <MenuItem leftSection={<IconSettings size={16} />} onClick={() => navigate('/dashboard/account')}>
        <Trans>Account Settings</Trans>
      </MenuItem>
      <MenuItem leftSection={<IconHeadset size={16} />} onClick={onSupport}>
        <Trans>Support</Trans>
      </MenuItem>
      <MenuDivider />
      <MenuItem leftSection={<IconLogout size={16} />} color="red" onClick={onLogout}>
        <Trans>Logout</Trans>
      </MenuItem>
    </PopupMenu>
  );
}
