import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Box, Button, Group, Table, Text } from '@mantine/core';
import { formatUsd, type ProgressCard } from '@pria/contracts';
import { useState } from 'react';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { Tooltip } from '../../components/overlays/tooltip.tsx';
import { cardLabel, monthName, stateColor } from './month-words.ts';
import { stateDetailIn, stateLabels, summaryIn } from './progress-words.ts';

/** Months shown before "Show all": a year. */
const RECENT = 12;

/** One card's months: a strip of squares (a glance; decorative) and the month-by-month table. */
export function CardHistory({ card }: { card: ProgressCard }) {
  const { i18n, t } = useLingui();
  const locale = useCalendarLocale();
  const [all, setAll] = useState(false);
  // One form in English; Spanish needs two ("1 puntual seguido", "2 puntuales seguidos").
  const onTime = t`${plural(card.onTimeRun, { one: '# on time in a row', other: '# on time in a row' })}`;
  const months = all ? card.history : card.history.slice(0, RECENT);
  const name = cardLabel(card);
  const captionId = `progress-${card.cardId}`;
  /** On a phone, the amounts under the month: "$3.00 charged, $3.00 paid back". */
  const foldedAmounts = (chargedCents: number, paidBackCents: number) => {
    const charged = formatUsd(chargedCents);
    const paidBack = formatUsd(paidBackCents);
    if (!chargedCents) return paidBackCents ? t`Nothing charged, ${paidBack} paid back` : t`Nothing charged`;
    return paidBackCents ? t`${charged} charged, ${paidBack} paid back` : t`${charged} charged`;
  };
  return (
    <Box>
      <Group justify="space-between" align="baseline" gap="xs" mb={6}>
        <Text fw={700} id={captionId}>
          {card.removed ? t`${name} (removed)` : name}
        </Text>
        <Text size="sm" c="dimmed">
          {summaryIn(i18n, card)} · {onTime}
        </Text>
      </Group>
      <Group gap={4} mb="xs" aria-hidden>
        {[...months].reverse().map((m) => (
          <Tooltip key={m.period} label={`${monthName(m.period, locale)}: ${i18n._(stateLabels[m.state])}`}>
            <Box
              w={18}
              h={18}
              bg={`${stateColor[m.state]}.${m.state === 'missed' ? 3 : 6}`}
              style={{ borderRadius: 4 }}
            />
          </Tooltip>
        ))}
      </Group>
      {/* On a phone the two amount columns fold into the month's cell, so the status has room. */}
      <Table verticalSpacing="xs" aria-labelledby={captionId} layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={{ base: 110, sm: 160 }}>
              <Trans>Month</Trans>
            </Table.Th>
            <Table.Th w={100} visibleFrom="sm">
              <Trans>Charged</Trans>
            </Table.Th>
            <Table.Th w={100} visibleFrom="sm">
              <Trans>Paid back</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((m) => (
            <Table.Tr key={m.period}>
              <Table.Td>
                {monthName(m.period, locale)}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {foldedAmounts(m.chargedCents, m.paidBackCents)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{m.chargedCents ? formatUsd(m.chargedCents) : '-'}</Table.Td>
              <Table.Td visibleFrom="sm">{m.paidBackCents ? formatUsd(m.paidBackCents) : '-'}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={stateColor[m.state]}
                  size="sm"
                  style={{ textTransform: 'none', whiteSpace: 'normal', height: 'auto' }}
                >
                  {i18n._(stateLabels[m.state])}
                </Badge>
                {m.state !== 'paid_back' && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {stateDetailIn(i18n, m)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {card.history.length > RECENT && (
        <Button variant="subtle" size="xs" onClick={() => setAll(!all)}>
          {all ? t`Show the last 12 months` : t`Show all ${card.history.length} months`}
        </Button>
      )}
    </Box>
  );
}
