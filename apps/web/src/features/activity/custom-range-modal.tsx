import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import { dayInNewYork, formatDate } from '@pria/contracts';
import { useState } from 'react';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { type ActivityRange, dayRange } from './activity-filter.ts';

interface CustomRangeModalProps {
  opened: boolean;
  onClose: () => void;
  onApply: (range: ActivityRange) => void;
}

/** 'Custom Range': a date-range picker that cannot pick future days, applied with 'Apply'. */
export function CustomRangeModal({ opened, onClose, onApply }: CustomRangeModalProps) {
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const [value, setValue] = useState<DatesRangeValue<string>>([null, null]);
  const [from, to] = value;
  // Days are New York's: today is New York's today, and a day runs from its midnight to the next.
  const today = dayInNewYork(Date.now());
  return (
    <Modal opened={opened} onClose={onClose} title={t`Custom Range`} centered size="auto">
      <Stack gap="md" align="center">
        <DatePicker type="range" value={value} onChange={setValue} maxDate={today} allowSingleDateInRange />
        <Text size="sm" c="dimmed" aria-live="polite">
          {from
            ? `${formatDate(from, 'numeric', locale)} – ${to ? formatDate(to, 'numeric', locale) : '…'}`
            : t`Pick a start and an end day`}
        </Text>
        <Group justify="flex-end" w="100%">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            disabled={!from}
            onClick={() => {
              if (!from) return;
              onApply(dayRange(from, to ?? from));
              onClose();
            }}
          >
            <Trans>Apply</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
