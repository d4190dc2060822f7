import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { DATA_EXPORT_DAYS, type DataExportView } from '@pria/contracts';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useDownloadDataExport, useRequestDataExport } from './mutations.ts';
import { useDataExports } from './queries.ts';

const when = (iso: string | null) => (iso ? dayjs(iso).format('MMMM D, YYYY [at] h:mm A') : '');

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

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Get a copy of everything Pria holds about you: your profile, cards (last four digits only),
        subscription, every charge, pay-back, refund and dispute, the messages we sent, your sign-ins and the
        agreements you accepted, as JSON and CSV files in one ZIP. We prepare it in a few minutes and email
        you a link that works once, for {DATA_EXPORT_DAYS} days.
      </Text>
      {token && (
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
          disabled={busy || exports.isPending}
          onClick={() => request.mutate()}
        >
          Download my data
        </Button>
      </Group>
    </Stack>
  );
}
