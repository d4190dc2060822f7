import { Alert, Avatar, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ONBOARDING_COMPLETE_INDEX, planStateWords, type UpcomingSchedule } from '@pria/contracts';
import { dateOnly, fullName, onboardingProgress, orDash } from '../shared/display.ts';
import type { ClientRecord } from './queries.ts';

type PlanState = Pick<UpcomingSchedule, 'state' | 'endsAt'>;

/**
 * The plan as it was paid (a plan change applies at renewal) and its state in the words of the
 * one rule (`planStateWords` over the client's schedule): "Semi-Annual · Paused". Until the
 * schedule is read, the plan alone.
 */
function subscriptionLine(
  sub: NonNullable<ClientRecord['subscription']>,
  state: PlanState | undefined,
): string {
  const plan = (sub.periodPlan ?? sub.plan).name;
  return state ? `${plan} · ${planStateWords(state)}` : plan;
}

const stateColor: Record<PlanState['state'], string> = {
  active: 'teal',
  paused: 'yellow',
  cancelled: 'orange',
  inactive: 'gray',
  pending_verification: 'blue',
  none: 'gray',
};

/** Whether the date is when it renews, ends (cancelled or paused, still active) or ended. */
function renewsLabel(sub: ClientRecord['subscription']): string {
  if (sub?.autoRenews !== false) return 'Renews';
  return sub.status === 'active' ? 'Ends' : 'Ended';
}

/** The client's language in staff words; while the record loads, a dash. */
function languageWords(language: ClientRecord['language']): string {
  if (language === undefined) return '-';
  if (language === null) return 'Not chosen';
  return language === 'es' ? 'Spanish (Español)' : 'English';
}

function initials(c: ClientRecord) {
  const letters = `${c.firstName?.[0] ?? ''}${c.lastName?.[0] ?? ''}`;
  return letters || (c.email?.[0] ?? '?').toUpperCase();
}

function addressLines(c: ClientRecord): string {
  const a = c.address;
  if (!a) return '-';
  const street = [a.address1, a.address2].filter(Boolean).join(', ');
  const city = [a.locality, [a.administrativeArea, a.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return orDash([street, city].filter(Boolean).join(' · '));
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

export function ProfileSummary({
  client,
  planState,
}: {
  client: ClientRecord | undefined;
  /** The client's schedule (GET /customers/{id}/upcoming): the plan's state, as every section reads it. */
  planState: PlanState | undefined;
}) {
  if (!client) {
    return (
      <Paper withBorder radius="md" p="md">
        <Skeleton height={48} circle mb="md" />
        <Skeleton height={14} mb={8} />
        <Skeleton height={14} width="60%" />
      </Paper>
    );
  }
  const name = fullName(client);
  const onboarded = client.onBoardingIndex >= ONBOARDING_COMPLETE_INDEX;
  const sub = client.subscription;
  const deletedOn = client.deletedAt ? dateOnly(client.deletedAt) : null;
  // A plan change waiting for the renewal (ADR 40), while the plan still renews.
  const nextPlan = sub?.nextPlan && sub.autoRenews !== false && !deletedOn ? sub.nextPlan.name : null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="profile-title"
    >
      <Group gap="md" mb="md" wrap="nowrap">
        <Avatar color="navy" radius="xl" size="lg">
          {initials(client)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg" id="profile-title" style={{ overflowWrap: 'anywhere' }}>
            {deletedOn ? 'Deleted client' : name || orDash(client.email)}
          </Title>
          <Group gap={6}>
            {deletedOn ? (
              <Badge variant="filled" color="red">
                Deleted on {deletedOn}
              </Badge>
            ) : (
              <Badge variant="light" color={onboarded ? 'teal' : 'yellow'}>
                {onboarded
                  ? 'Onboarded'
                  : `Onboarding: ${onboardingProgress(client.onBoardingIndex).toLowerCase()}`}
              </Badge>
            )}
            {sub && (
              <Badge variant="light" tt="none" color={planState ? stateColor[planState.state] : 'gray'}>
                {subscriptionLine(sub, planState)}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
      {deletedOn && (
        <Alert
          color="red"
          variant="light"
          mb="md"
          title={`This client deleted their account on ${deletedOn}`}
        >
          Their name, email, phone and address were erased and they can no longer sign in, so there is nothing
          to send them. Their charges, pay-backs and consents stay on record for the books.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Field label="Email">{orDash(client.email)}</Field>
        <Field label="Phone">{client.phone ? `+1 ${client.phone}` : '-'}</Field>
        <Field label="Address">{addressLines(client)}</Field>
        <Field label="Client since">{dateOnly(client.createdAt)}</Field>
        {/* Their own choice of language (issue 42); without one, pages follow their browser and messages the language they signed up in. */}
        <Field label="Language">{languageWords(client.language)}</Field>
        <Field label="Subscription">{sub ? subscriptionLine(sub, planState) : '-'}</Field>
        {deletedOn && sub ? (
          // Deleting the account ended the plan that day, whatever was paid for after it.
          <Field label="Ended">
            {deletedOn}, with the account{sub.expiresAt ? ` (paid until ${dateOnly(sub.expiresAt)})` : ''}
          </Field>
        ) : (
          <Field label={renewsLabel(sub)}>{sub?.expiresAt ? dateOnly(sub.expiresAt) : '-'}</Field>
        )}
        {nextPlan && <Field label="From the renewal">{nextPlan}</Field>}
        {sub?.pausedAt && (
          <Field label="Paused">Since {dateOnly(sub.pausedAt)}: no $3 charges, no renewal</Field>
        )}
        {sub?.cancelledAt && (
          <Field label="Cancelled">
            {dateOnly(sub.cancelledAt)} by {orDash(sub.cancelledBy)}
          </Field>
        )}
        <Field label="Client ID">
          <Text span size="xs" ff="monospace">
            {client.id}
          </Text>
        </Field>
      </SimpleGrid>
    </Paper>
  );
}
