import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar, Button, Menu, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconHeadset, IconLogout, IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
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
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="navy"
          px={narrow ? 4 : undefined}
          // A phone shows only the initials: the name starts with them, so "Click NN" (voice
          // control) finds the button (WCAG 2.5.3 Label in Name; issue 40).
          aria-label={narrow ? t`${initials}, account menu for ${name}` : undefined}
          leftSection={
            <Avatar size={28} color="navy">
              {initials}
            </Avatar>
          }
          rightSection={<IconChevronDown size={16} />}
        >
          {!narrow && (
            <Text fw={600} fz="sm" maw={180} truncate>
              {name}
            </Text>
          )}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {narrow && <Menu.Label>{name}</Menu.Label>}
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate('/dashboard/account')}>
          <Trans>Account Settings</Trans>
        </Menu.Item>
        <Menu.Item leftSection={<IconHeadset size={16} />} onClick={onSupport}>
          <Trans>Support</Trans>
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={onLogout}>
          <Trans>Logout</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
