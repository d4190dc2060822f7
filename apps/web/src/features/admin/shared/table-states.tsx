import { Alert, Button, Group, Skeleton, Table, Text } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { apiErrorText } from '../../../components/notify-api-error.ts';

/** Spec: an empty list shows 'No Results'. */
export function NoResultsRow({ colSpan }: { colSpan: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        {/* Sticky, so it stays in view when a wide table scrolls sideways on a phone. */}
        <Text c="dimmed" py="lg" px="sm" style={{ position: 'sticky', left: 0, width: 'fit-content' }}>
          {messages.noResults}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

export function SkeletonRows({ colSpan, rows = 5 }: { colSpan: number; rows?: number }) {
  return Array.from({ length: rows }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <Table.Tr key={i} aria-hidden>
      {Array.from({ length: colSpan }, (__, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Table.Td key={j}>
          <Skeleton height={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

export function QueryErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load" role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{apiErrorText(error)}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
