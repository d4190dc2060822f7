import { Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../components/use-document-title.ts';

export function AccountPage() {
  useDocumentTitle('Account Settings');
  return (
    <>
      <Title order={1} c="navy.9">
        Account Settings
      </Title>
      <Paper withBorder radius="lg" p="xl" mt="lg">
        <Text>Profile, security, payment, subscription and notification settings will appear here.</Text>
      </Paper>
    </>
  );
}
