import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { cardAuthorizationText } from '@pria/contracts';
import { Link } from 'react-router';
import { ConsentRecordsTable } from '../../components/consent-records-table.tsx';
import { useConsents } from './queries.ts';

/** Account → Privacy → Agreements: each document's current version, what changed, and your records. */
export function AgreementsPanel() {
  const consents = useConsents();
  if (consents.isPending) return <Skeleton height={120} radius="md" aria-label="Loading your agreements" />;
  if (consents.isError) return null;
  return (
    <Stack gap="sm">
      {consents.data.documents.map((d) => (
        <div key={d.id}>
          <Group gap="xs">
            <Anchor component={Link} to={d.url} fw={600} size="sm">
              {d.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              version {d.version}
            </Text>
            {d.accepted ? (
              <Badge size="sm" color="teal" variant="light">
                Accepted
              </Badge>
            ) : d.pending ? (
              <Badge size="sm" color="orange" variant="light">
                Waiting for you
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            What changed: {d.summary}
          </Text>
          {d.id === 'recurring' && (
            <Text size="xs" c="dimmed" mt={2}>
              {cardAuthorizationText('a card')}
            </Text>
          )}
        </div>
      ))}
      <Text size="sm" fw={600} mt="xs">
        Your consent records
      </Text>
      <ConsentRecordsTable records={consents.data.records} label="Your consent records" />
    </Stack>
  );
}
