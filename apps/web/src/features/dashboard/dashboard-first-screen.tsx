import { Trans } from '@lingui/react/macro';
import { Button, Title } from '@mantine/core';
import { Link } from 'react-router';
import { InNextTask } from '../../components/in-next-task.tsx';
import { CardsSection } from '../cards/cards-section.tsx';
import { useCards } from '../cards/queries.ts';
import { VerificationBanner } from '../subscription/finish-verification.tsx';
import { UpcomingPanel } from './upcoming-panel.tsx';
import { WelcomeBanner } from './welcome-banner.tsx';

/**
 * What the dashboard shows when it opens, down to Upcoming: the part on a phone's screen. The app
 * renders it in DashboardPage; the server renders it into the page's HTML with the customer's own
 * answers (src/prerender.tsx renderFirstScreen, issue 43), so the two cannot drift apart.
 */
export function DashboardFirstScreen({
  selectedCardId,
  onSelectCard,
}: {
  selectedCardId: string | null;
  onSelectCard?: (cardId: string | null) => void;
}) {
  const cards = useCards();
  const noCards = cards.isSuccess && cards.data.length === 0;
  return (
    <>
      <Title order={1} c="navy.9">
        <Trans>Dashboard</Trans>
      </Title>
      {noCards && <WelcomeBanner />}
      <VerificationBanner />
      <CardsSection
        selectedCardId={selectedCardId}
        onSelectCard={onSelectCard}
        emptyExtra={
          <Button component={Link} to="/onboarding" mb="md" variant="filled">
            <Trans>Complete account setup</Trans>
          </Button>
        }
      />
      {/* Rendered a task after the cards (ADR 89): the two at once were one long task on a phone. */}
      <InNextTask>
        <UpcomingPanel />
      </InNextTask>
    </>
  );
}

/** The card the carousel starts on: the first one the processor knows. */
export function firstSelectedCard(cards: { id: string; instrumentId?: string | null }[] | undefined) {
  return cards?.find((c) => c.instrumentId)?.id ?? null;
}
