import { Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../components/use-document-title.ts';

export function OnboardingPage() {
  useDocumentTitle('Welcome');
  return (
    <>
      <Title order={1} c="navy.9">
        Welcome to Pria
      </Title>
      <Paper withBorder radius="lg" p="xl" mt="lg">
        <Text>Let&apos;s set up your profile, cards and subscription.</Text>
      </Paper>
    </>
  );
}
