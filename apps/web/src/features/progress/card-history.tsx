import { Badge, Box, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import {
  formatUsd,
  type ProgressCard,
  progressStateDetail,
  progressStateLabel,
  progressSummary,
} from '@pria/contracts';
import { useState } from 'react';
import { cardLabel, monthName, stateColor } from './month-words.ts';

/** Months shown before "Show all": a year. */
const RECENT = 12;

/** One card's months: a strip of squares (a glance; decorative) and the month-by-month table. */
export function CardHistory({ card }: { card: ProgressCard }) {
  const [all, setAll] = useState(false);
  const months = all ? card.history : card.history.slice(0, RECENT);
  const name = cardLabel(card);
  const captionId = `progress-${card.cardId}`;
  return (
    <Box>
      <Group justify="space-between" align="baseline" gap="xs" mb={6}>
        <Text fw={700} id={captionId}>
          {name}
          {card.removed ? ' (removed)' : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {progressSummary(card)} · {card.onTimeRun} on time in a row
        </Text>
      </Group>
      <Group gap={4} mb="xs" aria-hidden>
        {[...months].reverse().map((m) => (
          <Tooltip key={m.period} label={`${monthName(m.period)}: ${progressStateLabel[m.state]}`}>
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
            <Table.Th w={{ base: 110, sm: 160 }}>Month</Table.Th>
            <Table.Th w={100} visibleFrom="sm">
              Charged
            </Table.Th>
            <Table.Th w={100} visibleFrom="sm">
              Paid back
            </Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((m) => (
            <Table.Tr key={m.period}>
              <Table.Td>
                {monthName(m.period)}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {m.chargedCents ? `${formatUsd(m.chargedCents)} charged` : 'Nothing charged'}
                  {m.paidBackCents ? `, ${formatUsd(m.paidBackCents)} paid back` : ''}
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
                  {progressStateLabel[m.state]}
                </Badge>
                {m.state !== 'paid_back' && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {progressStateDetail(m)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {card.history.length > RECENT && (
        <Button variant="subtle" size="xs" onClick={() => setAll(!all)}>
          {all ? 'Show the last 12 months' : `Show all ${card.history.length} months`}
        </Button>
      )}
    </Box>
  );
}
