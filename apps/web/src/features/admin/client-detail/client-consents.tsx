import { Paper, Skeleton, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../app/api-client.ts';
import { ConsentRecordsTable, type ConsentRecordsWords } from '../../../components/consent-records-table.tsx';
import { englishScrollWords } from '../../../components/scroll-table.tsx';
import { QueryErrorAlert } from '../shared/table-states.tsx';

/** The table's words: staff pages are English (issue 42). */
const words: ConsentRecordsWords = {
  empty: 'No Results',
  columns: {
    document: 'Document',
    version: 'Version',
    where: 'Where',
    accepted: 'Accepted',
    ip: 'IP address',
  },
  contexts: { 'sign-up': 'Sign-up', checkout: 'Checkout', card: 'Card added', update: 'Accepted an update' },
  scroll: englishScrollWords,
};

/** The client's consent records (issue 32): what they accepted, which version, where, when and from where. */
export function ClientConsents({ clientId }: { clientId: string }) {
  const consents = useQuery({
    queryKey: ['admin', 'clients', clientId, 'consents'],
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/v1/customers/{id}/consents', { params: { path: { id: clientId } }, signal })),
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="client-consents-title">
      <Title order={2} size="h4" id="client-consents-title" mb="sm">
        Consents
      </Title>
      {consents.isPending ? (
        <Skeleton height={80} aria-label="Loading consents" />
      ) : consents.isError ? (
        <QueryErrorAlert error={consents.error} onRetry={() => void consents.refetch()} />
      ) : (
        <ConsentRecordsTable
          records={[...consents.data].reverse()}
          label="Consent records"
          language="en"
          words={words}
        />
      )}
    </Paper>
  );
}
