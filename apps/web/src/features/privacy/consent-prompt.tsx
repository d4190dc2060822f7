import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useAuth } from 'react-oidc-context';
import { Link } from 'react-router';
import { isAdminToken } from '../../app/auth/claims.ts';
import { useAcceptConsents } from './mutations.ts';
import { useConsents } from './queries.ts';

/**
 * "We've updated our terms": shown at the top of every customer screen while a document that
 * applies to the customer has a version they have not accepted, with what changed and a link to
 * read it. It does not block the app; accepting records the versions shown.
 */
export function ConsentPrompt() {
  const auth = useAuth();
  // Staff looking at the customer area have no customer agreements to make.
  const staff = isAdminToken(auth.user?.access_token);
  const consents = useConsents(!staff);
  const accept = useAcceptConsents();
  if (staff || !consents.data) return null;
  const pending = consents.data.documents.filter((d) => d.pending);
  if (pending.length === 0) return null;
  const updated = pending.some((d) => consents.data.records.some((r) => r.document === d.id));
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mb="lg"
      component="section"
      aria-labelledby="consent-prompt-title"
      bg="blue.0"
    >
      <Stack gap="xs">
        <Group gap="xs">
          <IconFileCertificate size={20} aria-hidden />
          <Title order={2} size="h5" id="consent-prompt-title">
            {updated ? "We've updated our terms" : 'Please review and accept our terms'}
          </Title>
        </Group>
        {pending.map((d) => (
          <Text size="sm" key={d.id}>
            <Anchor
              component={Link}
              to={d.url}
              target={d.url.startsWith('/dashboard') ? undefined : '_blank'}
              fw={600}
            >
              {d.title}
            </Anchor>{' '}
            (version {d.version}): {d.summary}
          </Text>
        ))}
        <Group>
          <Button
            size="sm"
            loading={accept.isPending}
            onClick={() => accept.mutate(pending.map((d) => ({ id: d.id, version: d.version })))}
          >
            I accept
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
