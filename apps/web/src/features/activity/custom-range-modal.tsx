import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { dayInNewYork } from '@pria/contracts';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../components/overlays/dialog.tsx';
import {
  type ActivityRange,
  type CustomRangeProblem,
  customRangeProblems,
  dayRange,
} from './activity-filter.ts';

interface CustomRangeModalProps {
  opened: boolean;
  onClose: () => void;
  onApply: (range: ActivityRange) => void;
}

const problemWords: Record<CustomRangeProblem, MessageDescriptor> = {
  startMissing: msg`Pick a start day`,
  startAfterToday: msg`The start day cannot be after today`,
  endAfterToday: msg`The end day cannot be after today`,
  endBeforeStart: msg`The end day cannot be before the start day`,
};

/**
 * 'Custom Range': two of the device's own date fields (a phone opens its own picker; the browser
 * writes the days in the reader's language), which cannot pick a day after today, applied with
 * 'Apply'. Mantine's calendar and dayjs were ~13 KB of gzip for this dialog (issue 43).
 */
export function CustomRangeModal({ opened, onClose, onApply }: CustomRangeModalProps) {
  const { t, i18n } = useLingui();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [shown, setShown] = useState<ReturnType<typeof customRangeProblems>>({});
  // Days are New York's: today is New York's today, and a day runs from its midnight to the next.
  const today = dayInNewYork(Date.now());
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problems = customRangeProblems(from, to, today);
    setShown(problems);
    if (problems.from || problems.to) return;
    onApply(dayRange(from, to || from));
    onClose();
  };
  const words = (problem: CustomRangeProblem | undefined) => problem && i18n._(problemWords[problem]);
  return (
    <Dialog opened={opened} onClose={onClose} title={t`Custom Range`}>
      <form onSubmit={apply} noValidate>
        <Stack gap="md">
          <TextInput
            type="date"
            label={t`From`}
            max={today}
            value={from}
            onChange={(event) => {
              setFrom(event.currentTarget.value);
              setShown({});
            }}
            error={words(shown.from)}
            data-autofocus
          />
          <TextInput
            type="date"
            label={t`To`}
            description={t`Leave it empty for the start day alone`}
            min={from || undefined}
            max={today}
            value={to}
            onChange={(event) => {
              setTo(event.currentTarget.value);
              setShown({});
            }}
            error={words(shown.to)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit">
              <Trans>Apply</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
