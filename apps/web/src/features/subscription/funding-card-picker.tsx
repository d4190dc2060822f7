import { Trans, useLingui } from '@lingui/react/macro';
import { NativeSelect, Skeleton, Text } from '@mantine/core';
import { cardName, formatUsd } from '@pria/contracts';
import { useState } from 'react';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { confirmAction } from '../../components/confirm.tsx';
import { useCommittedChoice } from '../../components/form/committed-choice.ts';
import { useCards } from '../cards/queries.ts';
import { renewsOn } from '../plans/plan-price.ts';
import { useUpdateSubscription } from './mutations.ts';
import { payNowDetails } from './plan-change-words.ts';
import { useMySubscription } from './queries.ts';

/**
 * The card that pays the subscription; changing it answers 'Updated successfully'. On an ended
 * plan that is still enabled the server pays a new period on the new card at once, so the amount
 * and the renewal terms are said first (issue 29: no charge the customer did not see coming).
 */
export function FundingCardPicker() {
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const subscription = useMySubscription();
  const cards = useCards();
  const update = useUpdateSubscription();
  const sub = subscription.data;
  // A card chosen with the arrow keys is shown, and the change made on Enter or when focus leaves.
  const [held, setHeld] = useState<string | null>(null);
  const choice = useCommittedChoice((cardId) => {
    setHeld(null);
    if (sub && cardId !== sub.card?.id) change(cardId);
  });
  // Still loading: not "Once you subscribe" to a subscriber, nor an empty funding card.
  if (subscription.isPending)
    return <Skeleton height={58} maw={420} radius="sm" aria-label={t`Loading funding card`} />;
  if (!sub) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Once you subscribe, choose here which card pays for your plan.</Trans>
      </Text>
    );
  }
  const name = (id: string) => {
    const card = cards.data?.find((c) => c.id === id);
    return card ? cardName(card) : t`this card`;
  };
  const change = (cardId: string) => {
    if (sub.status !== 'inactive' || !sub.isEnabled) {
      update.mutate({ subscription: sub, change: 'funding', card: cardId });
      return;
    }
    const amount = formatUsd(sub.plan.total);
    const card = name(cardId);
    const planName = sub.plan.name;
    confirmAction({
      title: t`Pay ${amount} now`,
      message: t`Your plan has ended. Paying with ${card} starts it again: charge ${amount} (including taxes) for ${planName} now?`,
      details: payNowDetails(sub.plan, renewsOn(sub.plan, new Date(), locale)),
      labels: { confirm: t`Pay ${amount}`, cancel: t`Go back` },
      onConfirm: () => update.mutate({ subscription: sub, change: 'funding', card: cardId }),
    });
  };
  return (
    <NativeSelect
      label={t`Funding card`}
      description={t`The card your subscription is billed to`}
      maw={420}
      data={[
        { value: '', label: t`Choose a card`, disabled: true },
        ...(cards.data ?? []).map((c) => ({ value: c.id, label: cardName(c) })),
      ]}
      // Controlled: a change the customer then declines (the pay-now confirmation) shows the
      // funding card again, not the one picked.
      value={held ?? sub.card?.id ?? ''}
      disabled={update.isPending || cards.isPending}
      onChange={(event) => {
        const cardId = event.currentTarget.value;
        if (cardId && !choice.onChange(cardId)) setHeld(cardId);
      }}
      onKeyDown={choice.onKeyDown}
      onBlur={choice.onBlur}
    />
  );
}
