import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pria/contracts/messages';
import { whenUserManager } from './user-manager.ts';

async function goHome() {
  // NOTE: the spec says the button "logs out": forget the local user, then return to the site origin.
  try {
    await (await whenUserManager()).removeUser();
  } finally {
    window.location.assign(window.location.origin);
  }
}

export function LoginErrorPage({ message }: { message: string }) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" maw={480} w="100%">
        <Stack align="center" ta="center" gap="md">
          <img src="/logo.svg" alt="Pria" width={56} height={56} />
          <Title order={1} size="h3">
            {messages.loginErrorTitle}
          </Title>
          <Text c="dimmed" role="alert">
            {message}
          </Text>
          <Button size="md" onClick={() => void goHome()}>
            {messages.goBackHome}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
