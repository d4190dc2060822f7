import { Button, Center, Paper, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AdminPageTitle } from '../shared/admin-page-title.tsx';
import { QueryErrorAlert } from '../shared/table-states.tsx';
import { LogTabs } from './log-tabs.tsx';
import { LogsFilters } from './logs-filters.tsx';
import { LogsTable } from './logs-table.tsx';
import { useLogs } from './queries.ts';

const epoch = (value: string | null) => {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** /admin/logs: the application log, newest first, 10 at a time; filters live in the URL. */
export default function LogsPage() {
  const [params, setParams] = useSearchParams();
  const filter = {
    filterPattern: params.get('filterPattern') ?? '',
    startTime: epoch(params.get('startTime')),
    endTime: epoch(params.get('endTime')),
  };
  const logs = useLogs(filter);
  const events = logs.data?.pages.flatMap((p) => p.events);

  const change = (changes: Record<string, string | number | null | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <AdminPageTitle title="Logs" description="Application events and sign-ins, newest first" />
      <LogTabs current="log" />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <LogsFilters
          {...filter}
          onChange={change}
          onClear={() => change({ filterPattern: null, startTime: null, endTime: null })}
        />
        {logs.isError && <QueryErrorAlert error={logs.error} onRetry={() => void logs.refetch()} />}
        <LogsTable events={events} loading={logs.isPending} />
        <Center mt="md">
          {logs.hasNextPage ? (
            <Button
              variant="light"
              onClick={() => void logs.fetchNextPage()}
              loading={logs.isFetchingNextPage}
            >
              Show More
            </Button>
          ) : (
            events &&
            events.length > 0 && (
              <Text size="sm" c="dimmed">
                No older events
              </Text>
            )
          )}
        </Center>
      </Paper>
    </>
  );
}
