import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { apiDownload } from '../../app/api-client.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { useCustomer } from '../customer/queries.ts';
import { statementYears, yearInNewYork } from './statement-years.ts';

const thisYear = yearInNewYork(Date.now());

/** The yearly statement: every $3 charge and its pay-back, per card, as PDF or CSV. */
export function StatementDownloads() {
  const { t } = useLingui();
  const joined = useCustomer().data?.createdAt;
  const years = statementYears(thisYear, joined ? yearInNewYork(Date.parse(joined)) : undefined);
  const [year, setYear] = useState(String(thisYear));
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const download = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    try {
      // The server names the file in the reader's language; this is its name if it does not.
      const fallback = t({
        message: `pria-statement-${year}.${format}`,
        comment: 'A file name: lowercase, no spaces or accents',
      });
      await apiDownload(`/api/v1/statements/${year}`, fallback, { format });
    } catch (error) {
      notifyApiError(error, t`Could not download the statement`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={6} mt="sm">
      <Text fw={600} size="sm">
        <Trans>Yearly statement</Trans>
      </Text>
      <Text size="xs" c="dimmed">
        <Trans>Every $3 charge and its pay-back, per card, with totals.</Trans>
      </Text>
      <Group gap="xs" align="flex-end">
        <NativeSelect
          aria-label={t`Statement year`}
          data={years}
          value={year}
          onChange={(event) => setYear(event.currentTarget.value)}
          w={110}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === 'pdf'}
          onClick={() => void download('pdf')}
        >
          <Trans>Statement PDF</Trans>
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === 'csv'}
          onClick={() => void download('csv')}
        >
          <Trans>Statement CSV</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
