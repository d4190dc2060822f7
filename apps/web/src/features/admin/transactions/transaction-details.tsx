import { Anchor, Box, Drawer, Text } from '@mantine/core';
import { type AdminTransactionRow, transactionTypeNames } from '@pria/contracts/admin';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from '../shared/admin-table.module.css';
import { dateTime, maskedCard, money, orDash } from '../shared/display.ts';
import { CheckBadges, StatusBadges } from './transaction-badges.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt">{label}</Box>
      <Box component="dd">{children}</Box>
    </>
  );
}

/**
 * One transaction in full, from the row's Details button: everything the dense row shortens or
 * leaves out (the whole ID, date and email, the card's brand, the description and the processor's
 * remarks). A dialog: focus moves in, Escape closes it and focus returns to the button.
 */
export function TransactionDetails({
  row,
  onClose,
}: {
  row: AdminTransactionRow | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="md"
      title="Transaction details"
      closeButtonProps={{ 'aria-label': 'Close transaction details' }}
    >
      {row && (
        <Box component="dl" className={classes.details}>
          <Field label="Transaction ID">
            <Text span fz="xs" ff="monospace">
              {orDash(row.transactionId)}
            </Text>
          </Field>
          <Field label="Due">{dateTime(row.dueAt)}</Field>
          <Field label={row.type === 'PAYOUT' ? 'Sent' : 'Charged'}>{dateTime(row.sentAt)}</Field>
          <Field label="Settled">{dateTime(row.settledAt)}</Field>
          <Field label="Recorded">{dateTime(row.createdAt)}</Field>
          <Field label="Customer">
            {row.customer?.id ? (
              <Anchor component={Link} to={`/admin/users/${row.customer.id}`} fz="sm">
                {orDash(row.customer.email)}
              </Anchor>
            ) : (
              orDash(row.customer?.email)
            )}
          </Field>
          <Field label="Card">
            <Text span fz="sm">
              {maskedCard(row.card ?? {})}
            </Text>
          </Field>
          <Field label="Type">
            {transactionTypeNames[row.type]}{' '}
            <Text span fz="xs" c="dimmed" ff="monospace">
              {row.type}
            </Text>
          </Field>
          <Field label="Status">
            <StatusBadges row={row} />
          </Field>
          <Field label="Verified / Returned">
            <CheckBadges row={row} />
          </Field>
          <Field label="Amount">{money(row.amount)}</Field>
          <Field label="Description">{orDash(row.description)}</Field>
          <Field label="Remarks">{orDash(row.remarks)}</Field>
        </Box>
      )}
    </Drawer>
  );
}
