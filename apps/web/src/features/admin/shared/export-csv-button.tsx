import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, apiDownload } from '../../../app/api-client.ts';
import { notifyError, notifySuccess } from '../../../app/notify.ts';
import { usePrivileges } from './privileges.ts';

/**
 * "Export CSV": downloads the export with the current filters (the server streams it and records
 * it in the audit trail). Hidden for roles without the export permission (support).
 */
export function ExportCsvButton({
  path,
  query,
  label = 'Export CSV',
  size = 'xs',
}: {
  path: string;
  query?: Record<string, string | undefined>;
  label?: string;
  size?: 'xs' | 'sm';
}) {
  const { has } = usePrivileges();
  const [busy, setBusy] = useState(false);
  if (!has('export')) return null;
  return (
    <Button
      variant="light"
      size={size}
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const name = await apiDownload(path, 'export.csv', query);
          notifySuccess(`Downloaded ${name}`);
        } catch (error) {
          notifyError(error instanceof ApiError ? error.message : 'The export failed');
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}
