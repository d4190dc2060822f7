import { Container, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../components/use-document-title.ts';

export function AdminPage() {
  useDocumentTitle('Admin');
  return (
    <Container size="xl" py="lg">
      <Title order={1} c="navy.9">
        Admin
      </Title>
      <Paper withBorder radius="lg" p="xl" mt="lg">
        <Text>Transactions, clients and logs will appear here.</Text>
      </Paper>
    </Container>
  );
}
