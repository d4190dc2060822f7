import { Button, SimpleGrid } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { instantInNewYork, wallTimeInNewYork } from '@pria/contracts';
import { DebouncedTextInput } from '../shared/debounced-text-input.tsx';

interface LogsFiltersProps {
  filterPattern: string;
  startTime: number | undefined;
  endTime: number | undefined;
  onChange: (changes: { filterPattern?: string; startTime?: number | null; endTime?: number | null }) => void;
  onClear: () => void;
}

// The pickers show and take New York's wall clock ('YYYY-MM-DD HH:mm:ss'), as the log rows are dated.
const toPicker = (ms: number | undefined) => (ms === undefined ? null : wallTimeInNewYork(ms));
const fromPicker = (value: string | null) => (value ? instantInNewYork(value).getTime() : null);

/** Filter pattern (debounced) and a start / end time that cannot be in the future. */
export function LogsFilters({ filterPattern, startTime, endTime, onChange, onClear }: LogsFiltersProps) {
  const now = wallTimeInNewYork(Date.now());
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="md">
      <DebouncedTextInput
        label="Filter pattern"
        placeholder="e.g. Pay-in or an email"
        size="xs"
        value={filterPattern}
        onCommit={(v) => onChange({ filterPattern: v })}
      />
      <DateTimePicker
        label="Start time (ET)"
        placeholder="Any"
        size="xs"
        clearable
        withSeconds={false}
        valueFormat="MMM D, YYYY h:mm A"
        maxDate={endTime !== undefined ? (toPicker(endTime) ?? now) : now}
        value={toPicker(startTime)}
        onChange={(v) => onChange({ startTime: fromPicker(v) })}
      />
      <DateTimePicker
        label="End time (ET)"
        placeholder="Now"
        size="xs"
        clearable
        withSeconds={false}
        valueFormat="MMM D, YYYY h:mm A"
        minDate={toPicker(startTime) ?? undefined}
        maxDate={now}
        value={toPicker(endTime)}
        onChange={(v) => onChange({ endTime: fromPicker(v) })}
      />
      <Button
        variant="subtle"
        size="xs"
        mt={{ base: 0, lg: 22 }}
        onClick={onClear}
        disabled={!filterPattern && startTime === undefined && endTime === undefined}
      >
        Clear filters
      </Button>
    </SimpleGrid>
  );
}
