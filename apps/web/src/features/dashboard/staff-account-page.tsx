import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/**
 * What a staff account sees on the customer side's dashboard, plan and checkout screens and the
 * onboarding (issue 29): it holds no cards or plan of its own (the API refuses both), so it is
 * offered none, only the way to the admin portal and to its own security settings.
 */
export function StaffAccountPage() {
  useDocumentTitle('Staff account');
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      maw={640}
      mx="auto"
      mt={{ base: 'md', sm: 'xl' }}
    >
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconUserShield size={28} />
        </ThemeIcon>
        <Title order={1} c="navy.9">
          This is a staff account
        </Title>
        <Text>
          Staff accounts have no cards, plan or credit-building progress of their own, so there is nothing to
          set up here. Clients, their cards and their activity are in the admin portal.
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/admin">
            Go to the admin portal
          </Button>
          <Button component={Link} to="/dashboard/account/security" variant="default">
            Your security settings
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Account Settings for a staff account, in place of the cards, plan, notices and deletion. */
export function StaffHoldsNone() {
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm" align="flex-start">
        <Text>
          A staff account has no cards, plan or charge notices of its own, and is removed by an admin in the
          admin portal (Staff). Clients' cards and plans are in the admin portal.
        </Text>
        <Button component={Link} to="/admin" variant="light">
          Go to the admin portal
        </Button>
      </Stack>
    </Paper>
  );
}
