import { Anchor, Breadcrumbs, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminCustomerRow } from '@pria/contracts';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../app/api-error.ts';
import { AdminPageTitle } from '../shared/admin-page-title.tsx';
import { fullName } from '../shared/display.ts';
import { QueryErrorAlert } from '../shared/table-states.tsx';
import { ActivitySection } from './activity-section.tsx';
import { ClientCards } from './client-cards.tsx';
import { ClientCharges } from './client-charges.tsx';
import { ClientConsents } from './client-consents.tsx';
import { NotFoundClient } from './not-found-client.tsx';
import { PasswordResetButton } from './password-reset-button.tsx';
import { useClientUpcoming } from './plan-action-mutation.ts';
import { PlanActions } from './plan-actions.tsx';
import { ProfileSummary } from './profile-summary.tsx';
import { useClientCards, useClientRecord } from './queries.ts';

/** Spec §9: cards turn into a carousel below 500px. */
const NARROW = '(max-width: 499.98px)';

/** /admin/users/{id}: loads by id, so a reload or a shared link works; the list's row only paints first. */
export default function ClientDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const fromList = (location.state as { customer?: AdminCustomerRow } | null)?.customer;
  const record = useClientRecord(id, fromList);
  const cards = useClientCards(id);
  const narrow = useMediaQuery(NARROW) ?? false;
  const [carouselCardId, setCarouselCardId] = useState<string | undefined>();

  const client = record.data;
  // The client's schedule: the plan's state every section reads (the badge, the plan dialogs).
  const upcoming = useClientUpcoming(id, Boolean(client?.subscription));
  // A deleted client's profile is erased: they are named as what they are (issue 29: "Client / ?").
  const deleted = Boolean(client?.deletedAt);
  const title = client
    ? deleted
      ? 'Deleted client'
      : fullName(client) || client.email || 'Client'
    : 'Client';

  if (record.error instanceof ApiError && record.error.httpCode === 404) return <NotFoundClient />;

  return (
    <>
      <Breadcrumbs mb="xs" aria-label="Breadcrumb">
        <Anchor component={Link} to="/admin/users" size="sm">
          Client Details
        </Anchor>
        {/* A long name is cut with an ellipsis here (the heading below shows it whole; issue 40). */}
        <Text
          span
          size="sm"
          truncate
          maw="60vw"
          title={title}
          display="inline-block"
          style={{ verticalAlign: 'bottom' }}
        >
          {title}
        </Text>
      </Breadcrumbs>
      <AdminPageTitle title={title} />
      <Stack gap="lg">
        {record.isError && <QueryErrorAlert error={record.error} onRetry={() => void record.refetch()} />}
        <ProfileSummary client={client} planState={upcoming.data} />
        {client && !deleted && <PasswordResetButton clientId={id} email={client.email} />}
        {/* Acting where staff look (issue 40); the list's row stands in without the pause state. */}
        {client && !deleted && !record.isPlaceholderData && <PlanActions client={client} />}
        {client && <ClientCharges clientId={id} />}
        {cards.isError ? (
          <QueryErrorAlert error={cards.error} onRetry={() => void cards.refetch()} />
        ) : (
          <ClientCards
            cards={cards.data}
            loading={cards.isPending}
            narrow={narrow}
            selectedCardId={carouselCardId}
            onSlide={setCarouselCardId}
          />
        )}
        <ActivitySection
          clientId={id}
          cards={cards.data ?? []}
          narrow={narrow}
          carouselCardId={carouselCardId}
        />
        {client && <ClientConsents clientId={id} />}
      </Stack>
    </>
  );
}
