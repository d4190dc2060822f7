import { useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Navigate } from 'react-router';
import { useLoaded } from '../../app/lazy-loaded.ts';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useCards } from '../cards/queries.ts';
import { useCustomer } from '../customer/queries.ts';
import { shouldOnboard } from '../onboarding/later-flag.ts';
import { progressQuery } from '../progress/queries.ts';
import { DashboardFirstScreen, firstSelectedCard } from './dashboard-first-screen.tsx';

// Below the fold on a phone and on a laptop: its code is asked for once the first screen has painted.
const loadBelowTheFold = () => import('./below-the-fold.tsx').then((m) => m.BelowTheFold);

function BelowTheFoldLater({ selectedCardId }: { selectedCardId: string | null }) {
  const BelowTheFold = useLoaded(loadBelowTheFold);
  return BelowTheFold && <BelowTheFold selectedCardId={selectedCardId} />;
}

export default function DashboardPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Dashboard`);
  const customer = useCustomer();
  const cards = useCards();
  // Asked once the dashboard is what shows, with the screen's other first calls (its early answer
  // is taken before the first screen shows), though the panel renders after the first paint; not
  // for a customer sent to onboarding (cached without cards, it would hide the panel later).
  const showsDashboard = customer.data !== undefined && !shouldOnboard(customer.data);
  useQuery({ ...progressQuery, enabled: showsDashboard, notifyOnChangeProps: [] });
  const [selectedCardId, setSelectedCardId] = useState<string | null>(null);
  // The screen replaces the loader in a background render, sliced so the page stays responsive:
  // react-query updates render synchronously, and the whole screen at once was one long task. Also
  // when the customer is there from the start (asked with the page, ADR 76): the first render
  // shows the loader and the screen follows in the background one.
  const customerShown = useDeferredValue(!customer.isPending, false);

  if (customer.isPending || !customerShown) return <FullScreenLoader />;
  // Staff never get here: the customer area shows them StaffAccountPage (customer-area.tsx).
  if (customer.data && shouldOnboard(customer.data)) {
    return <Navigate to="/onboarding" replace />;
  }
  const perCardId = selectedCardId ?? firstSelectedCard(cards.data);

  return (
    <Stack gap="xl">
      <DashboardFirstScreen selectedCardId={perCardId} onSelectCard={setSelectedCardId} />
      {/* After the part on screen has painted, one section per commit (below-the-fold.tsx). */}
      <AfterFirstPaint>
        <BelowTheFoldLater selectedCardId={perCardId} />
      </AfterFirstPaint>
    </Stack>
  );
}
