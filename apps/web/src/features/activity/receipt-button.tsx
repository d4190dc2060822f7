import { useLingui } from '@lingui/react/macro';
import { Button, type ButtonProps } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { apiDownload } from '../../app/api-client.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';

/** A plan charge's or refund's receipt, as the PDF the server renders (activity, checkout). */
export function ReceiptButton({
  receipt,
  label,
  ...button
}: { receipt: { id: string; number: string }; label?: string } & ButtonProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const number = receipt.number;
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      px={4}
      {...button}
      leftSection={<IconReceipt size={14} aria-hidden />}
      loading={busy}
      aria-label={t`Download receipt ${number} (PDF)`}
      onClick={async () => {
        setBusy(true);
        try {
          await apiDownload(
            `/api/v1/receipts/${encodeURIComponent(receipt.id)}`,
            // The server names the file in the reader's language; this is its name if it does not.
            t({
              message: `pria-receipt-${number}.pdf`,
              comment: 'A file name: lowercase, no spaces or accents',
            }),
          );
        } catch (error) {
          notifyApiError(error, t`Could not download the receipt`);
        } finally {
          setBusy(false);
        }
      }}
    >
      {label ?? t`Receipt ${number}`}
    </Button>
  );
}
