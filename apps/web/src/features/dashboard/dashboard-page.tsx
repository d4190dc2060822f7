import { Paper, Text, Title } from '@mantine/core';
import { useAuth } from 'react-oidc-context';
import { useDocumentTitle } from '../../components/use-document-title.ts';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  const firstName = typeof user?.profile.given_name === 'string' ? user.profile.given_name : undefined;
  return (
    <>
      <Title order={1} c="navy.9">
        Dashboard
      </Title>
      <Paper withBorder radius="lg" p="xl" mt="lg">
        <Text>
          {firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'} Your cards and activity will appear
          here.
        </Text>
      </Paper>
    </>
  );
}
