import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { cardAuthorizationText, legalDocuments, legalSummary } from '@pria/contracts';
import { Link } from 'react-router';
import { currentLanguage } from '../../app/i18n/i18n.ts';
import { ConsentRecordsTable } from '../../components/consent-records-table.tsx';
import { useConsentRecordsWords } from './consent-records-words.ts';
import { useConsents } from './queries.ts';

/** Account → Privacy → Agreements: each document's current version, what changed, and your records. */
export function AgreementsPanel() {
  const { t } = useLingui();
  const language = currentLanguage();
  const consents = useConsents();
  const recordsWords = useConsentRecordsWords();
  if (consents.isPending)
    return <Skeleton height={120} radius="md" aria-label={t`Loading your agreements`} />;
  if (consents.isError) return null;
  return (
    <Stack gap="sm">
      {consents.data.documents.map((d) => {
        const version = d.version;
        // The registry's words in the reader's language (the answer's are English).
        const summary = legalSummary(d.id, d.version, language) ?? d.summary;
        return (
          <div key={d.id}>
            <Group gap="xs">
              <Anchor component={Link} to={d.url} fw={600} size="sm">
                {legalDocuments[d.id].title[language]}
              </Anchor>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t`version ${version}`}
              </Text>
              {d.accepted ? (
                <Badge size="sm" color="teal" variant="light">
                  <Trans>Accepted</Trans>
                </Badge>
              ) : d.pending ? (
                <Badge size="sm" color="orange" variant="light">
                  <Trans>Waiting for you</Trans>
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {t`What changed: ${summary}`}
            </Text>
            {d.id === 'recurring' && (
              // The authorization's own words: a versioned legal text, in the reader's language (a
              // translation of the same version, like the checkout's renewal terms).
              <Text size="xs" c="dimmed" mt={2}>
                {cardAuthorizationText(language === 'es' ? 'una tarjeta' : 'a card', language)}
              </Text>
            )}
          </div>
        );
      })}
      <Text size="sm" fw={600} mt="xs">
        <Trans>Your consent records</Trans>
      </Text>
      <ConsentRecordsTable
        records={consents.data.records}
        label={t`Your consent records`}
        language={language}
        words={recordsWords}
      />
    </Stack>
  );
}
