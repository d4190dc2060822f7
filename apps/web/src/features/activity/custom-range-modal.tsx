import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import { dayInNewYork, formatDate } from '@pria/contracts';
import { useState } from 'react';
import { type ActivityRange, dayRange } from './activity-filter.ts';

interface CustomRangeModalProps {
  opened: boolean;
  onClose: () => void;
  onApply: (range: ActivityRange) => void;
}

/** 'Custom Range': a date-range picker that cannot pick future days, applied with 'Apply'. */
export function CustomRangeModal({ opened, onClose, onApply }: CustomRangeModalProps) {
  const [value, setValue] = useState<DatesRangeValue<string>>([null, null]);
  const [from, to] = value;
  // Days are New York's: today is New York's today, and a day runs from its midnight to the next.
  const today = dayInNewYork(Date.now());
  return (
    <Modal opened={opened} onClose={onClose} title="Custom Range" centered size="auto">
      <Stack gap="md" align="center">
        <DatePicker type="range" value={value} onChange={setValue} maxDate={today} allowSingleDateInRange />
        <Text size="sm" c="dimmed" aria-live="polite">
          {from
            ? `${formatDate(from, 'numeric')} – ${to ? formatDate(to, 'numeric') : '…'}`
            : 'Pick a start and an end day'}
        </Text>
        <Group justify="flex-end" w="100%">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!from}
            onClick={() => {
              if (!from) return;
              onApply(dayRange(from, to ?? from));
              onClose();
            }}
          >
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
