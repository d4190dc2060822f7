import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { Link, Navigate } from 'react-router';
import { isAdminToken } from '../../app/auth/claims.ts';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ActivitySection } from '../activity/activity-section.tsx';
import { CardsSection } from '../cards/cards-section.tsx';
import { useCards } from '../cards/queries.ts';
import { useCustomer } from '../customer/queries.ts';
import { shouldOnboard } from '../onboarding/later-flag.ts';
import { ProgressPanel } from '../progress/progress-panel.tsx';
import { InstallOffer } from '../pwa/install-offer.tsx';
import { VerificationBanner } from '../subscription/finish-verification.tsx';
import { UpcomingPanel } from './upcoming-panel.tsx';
import { WelcomeBanner } from './welcome-banner.tsx';

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const auth = useAuth();
  const customer = useCustomer();
  const cards = useCards();
  const [selectedCardId, setSelectedCardId] = useState<string | null>(null);
  // The screen replaces the loader in a background render, sliced so the page stays responsive:
  // react-query updates render synchronously, and the whole screen at once was one long task.
  const customerShown = useDeferredValue(!customer.isPending);

  if (customer.isPending || !customerShown) return <FullScreenLoader />;
  const staff = isAdminToken(auth.user?.access_token);
  if (customer.data && shouldOnboard(customer.data, staff)) {
    return <Navigate to="/onboarding" replace />;
  }
  // Staff looking at the customer dashboard ('Back To Dashboard') are not asked to set up an
  // account of their own: no welcome banner, no 'Complete account setup' (issue 29).
  const noCards = cards.isSuccess && cards.data.length === 0 && !staff;
  // The carousel starts on the first card the processor knows.
  const perCardId = selectedCardId ?? cards.data?.find((c) => c.instrumentId)?.id ?? null;

  return (
    <Stack gap="xl">
      <Title order={1} c="navy.9">
        Dashboard
      </Title>
      {staff && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle />}
          title="You are viewing the customer dashboard"
        >
          <Text size="sm">
            Staff accounts have no cards or plan of their own. To see a client, open them from Client Details.
          </Text>
          <Button component={Link} to="/admin/users" size="xs" mt="sm" variant="light">
            Back To Admin
          </Button>
        </Alert>
      )}
      {noCards && <WelcomeBanner />}
      <VerificationBanner />
      <InstallOffer />
      <CardsSection
        selectedCardId={perCardId}
        onSelectCard={setSelectedCardId}
        emptyExtra={
          staff ? undefined : (
            <Button component={Link} to="/onboarding" mb="md" variant="filled">
              Complete account setup
            </Button>
          )
        }
      />
      <UpcomingPanel />
      <ProgressPanel />
      <ActivitySection selectedCardId={perCardId} />
    </Stack>
  );
}
