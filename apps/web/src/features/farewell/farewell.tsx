import { Trans } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuthActions } from '../../app/auth/use-auth-actions.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/** A page that says what just happened after the session ended (password changed, account deleted). */
export function Farewell({
  title,
  icon,
  children,
  offerLogIn,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  offerLogIn: boolean;
}) {
  useDocumentTitle(title);
  const { logIn } = useAuthActions();
  return (
    <Stack align="center" py={{ base: 40, sm: 80 }} px="md">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2" c="navy.9">
            {title}
          </Title>
          {children}
          <Group>
            {offerLogIn && (
              <Button onClick={() => void logIn()}>
                <Trans>Log In</Trans>
              </Button>
            )}
            <Button component={Link} to="/" variant={offerLogIn ? 'default' : 'filled'}>
              <Trans>Go to Pria home</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
