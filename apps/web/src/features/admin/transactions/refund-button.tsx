import { Button, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { AdminTransactionRow } from '@pria/contracts';
import { useState } from 'react';
import { useRefund } from '../disputes/queries.ts';
import { money } from '../shared/display.ts';

/**
 * Refund a plan charge (finance, admin): all of what is left, or the unused days of its period,
 * with a reason. One idempotency key per opened dialog, so a double click or a retry after a
 * timeout refunds once; the server decides the amount and answers with the refund's state.
 */
export function RefundButton({ row }: { row: AdminTransactionRow }) {
  const refund = useRefund();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'full' | 'prorated'>('prorated');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState('');
  const [touched, setTouched] = useState(false);
  const error = reason.trim() === '' ? 'Give a reason for the refund' : null;
  const start = () => {
    setKey(crypto.randomUUID());
    setReason('');
    setTouched(false);
    setMode('prorated');
    setOpen(true);
  };
  return (
    <>
      <Button size="compact-xs" variant="light" color="orange" onClick={start}>
        Refund
      </Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title="Refund the plan charge" centered zIndex={400}>
          <Stack gap="sm">
            <Text size="sm">
              {money(row.amount)} charged to {row.customer.email ?? 'the customer'} on {row.card.brand} ••••{' '}
              {row.card.lastFour}. The refund goes back to that card through the processor, once; the customer
              gets a receipt by email.
            </Text>
            <Radio.Group label="Amount" value={mode} onChange={(v) => setMode(v as 'full' | 'prorated')}>
              <Stack gap={6} mt={6}>
                <Radio value="prorated" label="The unused days of the plan period (prorated)" />
                <Radio value="full" label="Everything not refunded yet (full)" />
              </Stack>
            </Radio.Group>
            <Textarea
              label="Reason"
              description="Recorded with your name in the audit trail"
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={touched ? error : null}
              data-autofocus
            />
            <Button
              color="orange"
              loading={refund.isPending}
              onClick={() => {
                setTouched(true);
                if (error) return;
                refund.mutate(
                  { chargeId: row.id, mode, reason: reason.trim(), key },
                  { onSuccess: () => setOpen(false) },
                );
              }}
            >
              Refund {mode === 'full' ? 'in full' : 'the unused days'}
            </Button>
          </Stack>
        </Modal>
      )}
    </>
  );
}
