import { Button, SimpleGrid } from '@mantine/core';
import { DebouncedTextInput } from '../shared/debounced-text-input.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isCustomerId = (value: string) => UUID.test(value);

interface TransactionFiltersProps {
  transactionId: string;
  type: string;
  userId: string;
  onChange: (name: 'transactionId' | 'type' | 'userId', value: string) => void;
  onClear: () => void;
}

export function TransactionFilters({
  transactionId,
  type,
  userId,
  onChange,
  onClear,
}: TransactionFiltersProps) {
  const userIdInvalid = userId !== '' && !isCustomerId(userId);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="md">
      <DebouncedTextInput
        label="Transaction ID"
        size="xs"
        value={transactionId}
        onCommit={(v) => onChange('transactionId', v)}
      />
      <DebouncedTextInput
        label="Type"
        size="xs"
        placeholder="CAPTURE, PAYOUT…"
        value={type}
        onCommit={(v) => onChange('type', v)}
      />
      <DebouncedTextInput
        label="User ID"
        size="xs"
        placeholder="Client ID"
        value={userId}
        onCommit={(v) => onChange('userId', v)}
        error={userIdInvalid ? 'Enter a full client ID' : undefined}
      />
      <Button
        variant="subtle"
        size="xs"
        mt={{ base: 0, lg: 22 }}
        onClick={onClear}
        disabled={!transactionId && !type && !userId}
      >
        Clear filters
      </Button>
    </SimpleGrid>
  );
}
