import { Avatar, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconHeadset, IconLogout, IconSettings } from '@tabler/icons-react';
import { useAuth } from 'react-oidc-context';
import { useNavigate } from 'react-router';
import { useAuthActions } from '../auth/use-auth-actions.ts';

function displayName(profile: Record<string, unknown> | undefined): string {
  const name = profile?.name ?? profile?.given_name ?? profile?.email;
  return typeof name === 'string' && name ? name : 'My account';
}

export function UserMenu() {
  const auth = useAuth();
  const { logOut } = useAuthActions();
  const navigate = useNavigate();
  const name = displayName(auth.user?.profile);

  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="navy"
          leftSection={<Avatar size={28} color="navy" name={name} />}
          rightSection={<IconChevronDown size={16} />}
        >
          <Text fw={600} fz="sm" maw={160} truncate>
            {name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate('/dashboard/account')}>
          Account Settings
        </Menu.Item>
        <Menu.Item leftSection={<IconHeadset size={16} />} onClick={() => navigate('/contact')}>
          Support
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={() => void logOut()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
