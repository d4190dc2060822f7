import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import {
  type CalendarLocale,
  DATA_EXPORT_DAYS,
  DATA_EXPORT_MIN_HOURS_BETWEEN,
  type DataExportView,
  formatDateTime,
} from '@pria/contracts';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { useDownloadDataExport, useRequestDataExport } from './mutations.ts';
import { useDataExports } from './queries.ts';

// New York's time with its zone ("December 08, 2026 at 5:31 PM ET"), word for word as the email says it,
// in the reader's language ("8 de diciembre de 2026 a las 5:31 p.m., hora de Nueva York").
const whenIn = (locale: CalendarLocale) => (iso: string | null) =>
  iso ? formatDateTime(iso, 'long', locale) : '';

function Status({ r }: { r: DataExportView }) {
  const { t } = useLingui();
  const when = whenIn(useCalendarLocale());
  const progress = r.progress;
  switch (r.status) {
    case 'queued':
    case 'preparing':
      return (
        <Stack gap={4}>
          <Text size="sm">{t`Preparing your data… ${progress}%`}</Text>
          <Progress value={progress} aria-label={t`Preparing your data`} animated />
        </Stack>
      );
    case 'ready': {
      const until = when(r.expiresAt);
      return (
        <Text size="sm">{t`Ready. We emailed you a link to download it; it works once, until ${until}.`}</Text>
      );
    }
    case 'downloaded': {
      const on = when(r.downloadedAt);
      return <Text size="sm">{t`Downloaded on ${on}.`}</Text>;
    }
    case 'expired': {
      const on = when(r.expiresAt);
      return <Text size="sm">{t`The link expired on ${on}. Ask again for a new copy.`}</Text>;
    }
    case 'failed':
      return (
        <Text size="sm">
          <Trans>We couldn't prepare your data. Please try again.</Trans>
        </Text>
      );
  }
}

/** Account → Privacy → "Download my data" (issue 32). */
export function DataExportPanel() {
  const { t } = useLingui();
  const when = whenIn(useCalendarLocale());
  const days = DATA_EXPORT_DAYS;
  const exports = useDataExports();
  const request = useRequestDataExport();
  const download = useDownloadDataExport();
  const [params, setParams] = useSearchParams();
  const token = params.get('export');
  const latest = exports.data?.[0];
  const busy = latest?.status === 'queued' || latest?.status === 'preparing';
  // The server's rule (one request a day, a failed one not counted), said before it refuses.
  const nextRequestAt =
    latest && latest.status !== 'failed'
      ? new Date(new Date(latest.requestedAt).getTime() + DATA_EXPORT_MIN_HOURS_BETWEEN * 3_600_000)
      : null;
  const tooSoon = !busy && nextRequestAt !== null && nextRequestAt > new Date();
  // The email's link opened again after the file was downloaded (it works once) or expired.
  const linkUsed = token !== null && (latest?.status === 'downloaded' || latest?.status === 'expired');
  const next = nextRequestAt ? when(nextRequestAt.toISOString()) : '';

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>
          Get a copy of everything Pria holds about you: your profile, cards (last four digits only),
          subscription, every charge, pay-back, refund and dispute, the messages we sent, your sign-ins and
          the agreements you accepted, as JSON and CSV files in one ZIP. We prepare it in a few minutes and
          email you a link that works once, for {days} days.
        </Trans>
      </Text>
      {linkUsed && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconFileZip aria-hidden />}
          title={t`This link was already used`}
        >
          <Text size="sm">
            {t`Each link downloads your data once.`}
            {tooSoon && nextRequestAt ? ` ${t`You can ask for a new copy after ${next}.`}` : ''}
          </Text>
        </Alert>
      )}
      {token && !linkUsed && (
        <Alert color="teal" variant="light" icon={<IconFileZip aria-hidden />} title={t`Your data is ready`}>
          <Group gap="xs" mt={4}>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={download.isPending}
              onClick={() =>
                download.mutate(token, {
                  onSettled: () => {
                    params.delete('export');
                    setParams(params, { replace: true });
                  },
                })
              }
            >
              <Trans>Download my data (ZIP)</Trans>
            </Button>
          </Group>
        </Alert>
      )}
      {latest && <Status r={latest} />}
      <Group>
        <Button
          variant="default"
          leftSection={<IconFileZip size={16} aria-hidden />}
          loading={request.isPending}
          disabled={busy || tooSoon || exports.isPending}
          onClick={() => request.mutate()}
        >
          <Trans>Download my data</Trans>
        </Button>
        {tooSoon && nextRequestAt && !linkUsed && (
          <Text size="sm" c="dimmed">
            <Trans>One copy a day: you can ask for a new one after {next}.</Trans>
          </Text>
        )}
      </Group>
    </Stack>
  );
}
