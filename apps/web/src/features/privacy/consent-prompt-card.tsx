import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ConsentsView, legalDocuments, legalSummary } from '@pria/contracts';
import { IconFileCertificate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { currentLanguage } from '../../app/i18n/i18n.ts';
import { useAcceptConsents } from './accept-consents.ts';

/**
 * "We've updated our terms" (ConsentPrompt): the documents waiting for the customer, each with its
 * name and what changed in the reader's language (the legal documents' registry), and the button
 * that accepts the versions shown. Its own chunk: most visits have nothing to accept.
 */
export default function ConsentPromptCard({
  pending,
  updated,
}: {
  pending: ConsentsView['documents'];
  /** An earlier version was accepted: the terms were updated, not new. */
  updated: boolean;
}) {
  const { t } = useLingui();
  const language = currentLanguage();
  const accept = useAcceptConsents();
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
            {updated ? t`We've updated our terms` : t`Please review and accept our terms`}
          </Title>
        </Group>
        {pending.map((d) => {
          const version = d.version;
          // The registry's words in the reader's language (the answer's are English).
          const summary = legalSummary(d.id, d.version, language) ?? d.summary;
          return (
            <Text size="sm" key={d.id}>
              <Anchor
                component={Link}
                to={d.url}
                target={d.url.startsWith('/dashboard') ? undefined : '_blank'}
                fw={600}
              >
                {legalDocuments[d.id].title[language]}
              </Anchor>{' '}
              {t`(version ${version}): ${summary}`}
            </Text>
          );
        })}
        <Group>
          <Button
            size="sm"
            loading={accept.isPending}
            onClick={() => accept.mutate(pending.map((d) => ({ id: d.id, version: d.version })))}
          >
            <Trans>I accept</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
