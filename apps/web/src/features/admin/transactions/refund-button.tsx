import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { type AdminTransactionRow, adminMessages, type RefundPreview } from '@pria/contracts';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, dataOf } from '../../../app/api-client.ts';
import { useRefund } from '../disputes/queries.ts';
import { adminKeys } from '../shared/admin-keys.ts';
import { maskedCard } from '../shared/display.ts';
import { useFocusBack } from '../shared/use-focus-back.ts';
import {
  firstRefundMode,
  refundButtonName,
  refundConfirmLabel,
  refundUnavailable,
  refundWords,
} from './refund-words.ts';

/** GET /refunds/preview: what the refund would send back and do to the plan, from the server's rules. */
function useRefundPreview(chargeId: string, mode: 'full' | 'prorated', enabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.data, 'refund-preview', chargeId, mode],
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/v1/refunds/preview', { signal, params: { query: { chargeId, mode } } })),
    enabled,
  });
}

/** What confirming does, in one sentence each: the amount and what is left, the plan, the email. */
function Consequences({ row, preview }: { row: AdminTransactionRow; preview: RefundPreview }) {
  const words = refundWords(preview, {
    card: maskedCard(row.card),
    email: row.customer.email,
  });
  return (
    <Stack gap={6}>
      <Text size="sm">{words.amount}</Text>
      {words.warning ? (
        <Alert color="orange" variant="light" p="xs" title={words.warning}>
          {words.plan}
        </Alert>
      ) : (
        <Text size="sm">{words.plan}</Text>
      )}
      <Text size="sm" c="dimmed">
        {words.email}
      </Text>
    </Stack>
  );
}

/**
 * Refund a plan charge (finance, admin): all of what is left, or the unused days of its period.
 * The dialog shows what the refund sends and does to the plan before it is confirmed (from the
 * server's own rules), keeps the reason internal and lets staff write what the customer reads.
 * One idempotency key per opened dialog, so a double click or a retry refunds once.
 */
export function RefundButton({ row }: { row: AdminTransactionRow }) {
  const refund = useRefund();
  const [open, setOpen] = useState(false);
  const firstMode = firstRefundMode(row.refundedCents ?? 0);
  const [mode, setMode] = useState<'full' | 'prorated'>(firstMode);
  const [reason, setReason] = useState('');
  const [customerMessage, setCustomerMessage] = useState('');
  const [key, setKey] = useState('');
  const [touched, setTouched] = useState(false);
  const preview = useRefundPreview(row.id, mode, open);
  const focusBack = useFocusBack(open);
  const unavailable = refundUnavailable(row);
  if (unavailable) {
    return (
      <Tooltip label={unavailable.reason} multiline w={260} withArrow>
        <Text
          ref={focusBack}
          size="xs"
          c="dimmed"
          tabIndex={0}
          aria-label={`Refund unavailable: ${unavailable.reason}`}
        >
          {unavailable.label}
        </Text>
      </Tooltip>
    );
  }
  const error = reason.trim() === '' ? adminMessages.refundReasonRequired : null;
  const refusal = preview.data?.refusal ?? null;
  const start = () => {
    setKey(crypto.randomUUID());
    setReason('');
    setCustomerMessage('');
    setTouched(false);
    setMode(firstMode);
    setOpen(true);
  };
  return (
    <>
      {/* A button that reads as one (issue 40's walk: a light orange pill read as a status), named
          after the charge it refunds, so a table of them is not a column of "Refund". */}
      <Button
        ref={focusBack}
        size="xs"
        variant="default"
        leftSection={<IconReceiptRefund size={14} aria-hidden />}
        aria-label={refundButtonName(row)}
        aria-haspopup="dialog"
        onClick={start}
      >
        Refund
      </Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title="Refund the plan charge" centered zIndex={400}>
          <Stack gap="sm">
            <Radio.Group label="Amount" value={mode} onChange={(v) => setMode(v as 'full' | 'prorated')}>
              <Stack gap={6} mt={6}>
                <Radio value="prorated" label="The unused days of the plan period (prorated)" />
                <Radio value="full" label="Everything not refunded yet (full)" />
              </Stack>
            </Radio.Group>
            <div aria-live="polite">
              {preview.isPending ? (
                <Loader size="sm" aria-label="Working out the refund" />
              ) : preview.data ? (
                refusal ? (
                  <Alert color="red" variant="light" p="xs">
                    {refusal}
                  </Alert>
                ) : (
                  <Consequences row={row} preview={preview.data} />
                )
              ) : (
                <Alert color="red" variant="light" p="xs">
                  Could not work out the refund. Close and try again.
                </Alert>
              )}
            </div>
            {/* Required, and said so: marked, announced (aria-required) and in words (issue 40's walk). */}
            <Textarea
              label="Reason (internal)"
              required
              aria-required
              description="Required. Recorded with your name in the audit trail; the customer does not see it"
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={touched ? error : null}
              data-autofocus
            />
            <Textarea
              label="Message to the customer (optional)"
              description="Added to their refund email; without it they get the standard words"
              autosize
              minRows={2}
              maxLength={500}
              value={customerMessage}
              onChange={(e) => setCustomerMessage(e.currentTarget.value)}
            />
            {/* A way out that says so, beside the confirm (issue 40's walk: only the corner's ×). */}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpen(false)} disabled={refund.isPending}>
                Go back
              </Button>
              <Button
                color="orange"
                loading={refund.isPending}
                disabled={!preview.data || refusal !== null}
                onClick={() => {
                  setTouched(true);
                  if (error || !preview.data) return;
                  refund.mutate(
                    {
                      chargeId: row.id,
                      mode,
                      reason: reason.trim(),
                      customerMessage: customerMessage.trim() || undefined,
                      key,
                    },
                    { onSuccess: () => setOpen(false) },
                  );
                }}
              >
                {preview.data && !refusal ? refundConfirmLabel(preview.data) : 'Refund'}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
