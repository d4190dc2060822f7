import { Button, Select, SimpleGrid, TextInput } from '@mantine/core';
import { transactionStatuses, type transactionTypes } from '@pria/contracts/admin';
import { DebouncedTextInput } from '../shared/debounced-text-input.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isCustomerId = (value: string) => UUID.test(value);
/** The User ID filter takes a client's id or their email (issue 29). */
export const isClient = (value: string) => isCustomerId(value) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** The type filter in words (issue 29: it listed SUBSCRIPTION_CAPTURE and PAYOUT raw). */
const typeOptions = [
  { value: 'CAPTURE', label: 'All charges ($3 and plan)' },
  { value: 'SUBSCRIPTION_CAPTURE', label: 'Plan charges' },
  { value: 'PAYOUT', label: 'Pay-backs' },
] satisfies { value: (typeof transactionTypes)[number]; label: string }[];

interface TransactionFiltersProps {
  transactionId: string;
  type: string;
  status: string;
  from: string;
  to: string;
  userId: string;
  onChange: (name: 'transactionId' | 'type' | 'userId' | 'status' | 'from' | 'to', value: string) => void;
  onClear: () => void;
}

export function TransactionFilters({
  transactionId,
  type,
  status,
  from,
  to,
  userId,
  onChange,
  onClear,
}: TransactionFiltersProps) {
  const userIdInvalid = userId !== '' && !isClient(userId.trim());
  const rangeInvalid = from !== '' && to !== '' && from > to;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="md">
      <DebouncedTextInput
        label="Transaction ID"
        size="xs"
        value={transactionId}
        onCommit={(v) => onChange('transactionId', v)}
      />
      <Select
        label="Type"
        size="xs"
        placeholder="Any"
        clearable
        data={typeOptions}
        value={type || null}
        onChange={(v) => onChange('type', v ?? '')}
      />
      <DebouncedTextInput
        label="User ID"
        size="xs"
        placeholder="Client ID or email"
        value={userId}
        onCommit={(v) => onChange('userId', v.trim())}
        error={userIdInvalid ? 'Enter a client ID or a full email address' : undefined}
      />
      <Select
        label="Status"
        size="xs"
        placeholder="Any"
        clearable
        data={transactionStatuses.map((s) => ({ value: s, label: s[0]?.toUpperCase() + s.slice(1) }))}
        value={status || null}
        onChange={(v) => onChange('status', v ?? '')}
      />
      <TextInput
        label="From"
        size="xs"
        type="date"
        value={from}
        onChange={(e) => onChange('from', e.currentTarget.value)}
        error={rangeInvalid ? 'From must be on or before To' : undefined}
      />
      <TextInput
        label="To"
        size="xs"
        type="date"
        value={to}
        onChange={(e) => onChange('to', e.currentTarget.value)}
      />
      <Button
        variant="subtle"
        size="xs"
        mt={{ base: 0, lg: 22 }}
        onClick={onClear}
        disabled={!transactionId && !type && !userId && !status && !from && !to}
      >
        Clear filters
      </Button>
    </SimpleGrid>
  );
}
