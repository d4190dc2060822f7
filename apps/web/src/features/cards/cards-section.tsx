import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, SimpleGrid, Skeleton, Switch, Title } from '@mantine/core';
import { type CardView, cardLimitAllows, MAX_CARDS, MAX_CARDS_IN_ALL } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { HoldAppShell } from '../../app/app-shell.ts';
import { useNarrow } from '../../components/responsive-cards.tsx';
import { useFocusStaysIn } from '../../components/use-focus-stays-in.ts';
import { useCustomer } from '../customer/queries.ts';
import { fullName } from '../customer/types.ts';
import { toAddressValues } from '../geography/address.ts';
import { paysForPlanInForce } from '../subscription/plan-card.ts';
import { useMySubscription } from '../subscription/queries.ts';
import { chargedFirst } from './card-display.ts';
import { AddCardTile, CardTile } from './card-tile.tsx';
import { CardsCarousel } from './cards-carousel.tsx';
import { LazyCardModal } from './lazy-card-modal.tsx';
import { useCards } from './queries.ts';
import { useShowAllCards } from './use-card-toggle.ts';

interface CardsSectionProps {
  title?: string;
  headingOrder?: 2 | 3;
  selectedCardId?: string | null;
  onSelectCard?: (cardId: string | null) => void;
  /** Rendered under the heading when there are no cards (e.g. 'Complete account setup'). */
  emptyExtra?: ReactNode;
}

type ModalState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; card: CardView };

/** The cards UI shared by the dashboard, onboarding and the account page. */
export function CardsSection({
  title,
  headingOrder = 2,
  selectedCardId = null,
  onSelectCard,
  emptyExtra,
}: CardsSectionProps) {
  const { t } = useLingui();
  const cards = useCards();
  const customer = useCustomer();
  const narrow = useNarrow();
  const [showAll, setShowAll] = useShowAllCards();
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A card removed from its own tile: the keyboard goes to the heading, not to the page's body.
  useFocusStaysIn(sectionRef, headingRef);
  const subscription = useMySubscription();
  const paysForPlan = (cardId: string) => paysForPlanInForce(subscription.data, cardId);
  // Those charged each month first: the one 'Show all cards' off leaves out is never one of them.
  const list = chargedFirst(cards.data ?? []);
  // A card added here joins Charge & Pay: 3 at most (a 4th may only pay for the plan, at checkout).
  const canAdd = cardLimitAllows(list, { chargeAndPay: true });
  const holderName = fullName(customer.data);
  const openAdd = () => setModal({ mode: 'add' });
  const openEdit = (card: CardView) => setModal({ mode: 'edit', card });

  const slotCount = showAll ? MAX_CARDS_IN_ALL : MAX_CARDS;
  const shown = list.slice(0, slotCount);
  // Empty slots invite a Charge & Pay card: never more than the limit leaves room for (issue 29:
  // 'Show all cards' with 2 cards showed two, and the fourth could never take one).
  const chargeAndPayRoom = MAX_CARDS - list.filter((c) => c.chargeAndPay).length;
  const emptySlots = Math.max(0, Math.min(slotCount - shown.length, chargeAndPayRoom));

  let body: ReactNode;
  if (cards.isPending && narrow) {
    // The carousel's footprint (one card, its indicators below), so nothing under it moves when it arrives.
    body = (
      <>
        <HoldAppShell />
        <Skeleton height={170} radius={16} mb={32} aria-busy="true" aria-label={t`Loading cards`} />
      </>
    );
  } else if (cards.isPending) {
    body = (
      <>
        <HoldAppShell />
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="lg"
          aria-busy="true"
          aria-label={t`Loading cards`}
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={170} radius={16} />
          ))}
        </SimpleGrid>
      </>
    );
  } else if (cards.isError) {
    body = (
      <Alert color="red" icon={<IconAlertCircle />} title={t`Could not load your cards`}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void cards.refetch()}>
          {t`Try again`}
        </Button>
      </Alert>
    );
  } else if (narrow) {
    body = (
      <CardsCarousel
        cards={list}
        holderName={holderName}
        selectedCardId={selectedCardId}
        onSelect={(id) => onSelectCard?.(id)}
        onEdit={openEdit}
        onAdd={canAdd ? openAdd : undefined}
        paysForPlan={paysForPlan}
      />
    );
  } else {
    body = (
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: Math.max(MAX_CARDS, shown.length) }}
        spacing="lg"
        component="ul"
        aria-label={t`Your cards`}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {shown.map((card) => (
          <li key={card.id} style={{ display: 'flex' }}>
            <CardTile
              card={card}
              holderName={holderName}
              onEdit={openEdit}
              paysForPlan={paysForPlan(card.id)}
            />
          </li>
        ))}
        {Array.from({ length: emptySlots }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty slots have no identity but their position
          <li key={`empty-${i}`} style={{ display: 'flex' }}>
            <AddCardTile onClick={openAdd} disabled={!canAdd} />
          </li>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <section ref={sectionRef} aria-labelledby="cards-heading">
      <Group justify="space-between" mb="md" gap="sm">
        <Title ref={headingRef} tabIndex={-1} order={headingOrder} id="cards-heading" size="h3" c="navy.9">
          {title ?? t`Cards`}
        </Title>
        <Group gap="md">
          {!narrow && (
            <Switch
              label={t`Show all cards`}
              // What it adds: with three cards or fewer it changes nothing, and said nothing of why (a walk).
              description={t`Also shows a 4th card, if you have one outside Charge & Pay`}
              checked={showAll}
              onChange={(event) => setShowAll(event.currentTarget.checked)}
            />
          )}
          {canAdd && !cards.isPending && (
            <Button variant="light" onClick={openAdd}>
              {t`+ Add new Card`}
            </Button>
          )}
        </Group>
      </Group>
      {list.length === 0 && !cards.isPending && emptyExtra}
      {body}
      <LazyCardModal
        opened={modal.mode !== 'closed'}
        onClose={() => setModal({ mode: 'closed' })}
        card={modal.mode === 'edit' ? modal.card : undefined}
        defaultName={holderName}
        defaultAddress={toAddressValues(customer.data?.address)}
        isDefault={list.length === 0}
        onAddInstead={canAdd ? openAdd : undefined}
      />
    </section>
  );
}
