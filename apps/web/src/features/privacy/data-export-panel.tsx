import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import {
  DATA_EXPORT_DAYS,
  DATA_EXPORT_MIN_HOURS_BETWEEN,
  type DataExportView,
  formatDateTime,
} from '@pria/contracts';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useDownloadDataExport, useRequestDataExport } from './mutations.ts';
import { useDataExports } from './queries.ts';

// New York's time with its zone ("December 08, 2026 at 5:31 PM ET"), word for word as the email says it.
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');

function Status({ r }: { r: DataExportView }) {
  switch (r.status) {
    case 'queued':
    case 'preparing':
      return (
        <Stack gap={4}>
          <Text size="sm">Preparing your data… {r.progress}%</Text>
          <Progress value={r.progress} aria-label="Preparing your data" animated />
        </Stack>
      );
    case 'ready':
      return (
        <Text size="sm">
          Ready. We emailed you a link to download it; it works once, until {when(r.expiresAt)}.
        </Text>
      );
    case 'downloaded':
      return <Text size="sm">Downloaded on {when(r.downloadedAt)}.</Text>;
    case 'expired':
      return <Text size="sm">The link expired on {when(r.expiresAt)}. Ask again for a new copy.</Text>;
    case 'failed':
      return <Text size="sm">We couldn't prepare your data. Please try again.</Text>;
  }
}

/** Account → Privacy → "Download my data" (issue 32). */
export function DataExportPanel() {
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

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Get a copy of everything Pria holds about you: your profile, cards (last four digits only),
        subscription, every charge, pay-back, refund and dispute, the messages we sent, your sign-ins and the
        agreements you accepted, as JSON and CSV files in one ZIP. We prepare it in a few minutes and email
        you a link that works once, for {DATA_EXPORT_DAYS} days.
      </Text>
      {linkUsed && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconFileZip aria-hidden />}
          title="This link was already used"
        >
          <Text size="sm">
            Each link downloads your data once.
            {tooSoon && nextRequestAt
              ? ` You can ask for a new copy after ${when(nextRequestAt.toISOString())}.`
              : ''}
          </Text>
        </Alert>
      )}
      {token && !linkUsed && (
        <Alert color="teal" variant="light" icon={<IconFileZip aria-hidden />} title="Your data is ready">
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
              Download my data (ZIP)
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
          Download my data
        </Button>
        {tooSoon && nextRequestAt && !linkUsed && (
          <Text size="sm" c="dimmed">
            One copy a day: you can ask for a new one after {when(nextRequestAt.toISOString())}.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
