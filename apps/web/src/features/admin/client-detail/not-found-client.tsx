import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title.ts';

/** An unknown or deleted client id: say so and offer the way back to the list. */
export function NotFoundClient() {
  useDocumentTitle('Client not found · Admin');
  return (
    <Paper withBorder radius="md" p="xl" maw={520}>
      <Stack gap="sm" align="flex-start">
        <Title order={1} fz="xl">
          Client not found
        </Title>
        <Text c="dimmed">This client does not exist or was deleted.</Text>
        <Button component={Link} to="/admin/users">
          Back to clients
        </Button>
      </Stack>
    </Paper>
  );
}
