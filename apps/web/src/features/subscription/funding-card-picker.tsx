import { Select, Text } from '@mantine/core';
import { brandDisplayNames } from '@pria/contracts';
import { useCards } from '../cards/queries.ts';
import { useUpdateSubscription } from './mutations.ts';
import { useMySubscription } from './queries.ts';

/** The card that pays the subscription; changing it answers 'Updated successfully'. */
export function FundingCardPicker() {
  const subscription = useMySubscription();
  const cards = useCards();
  const update = useUpdateSubscription();
  const sub = subscription.data;
  if (!sub) {
    return (
      <Text size="sm" c="dimmed">
        Once you subscribe, choose here which card pays for your plan.
      </Text>
    );
  }
  return (
    <Select
      label="Funding card"
      description="The card your subscription is billed to"
      placeholder="Choose a card"
      maw={420}
      data={(cards.data ?? []).map((c) => ({
        value: c.id,
        label: `${brandDisplayNames[c.brand]} •••• ${c.lastFour}`,
      }))}
      value={sub.card?.id ?? null}
      allowDeselect={false}
      disabled={update.isPending || cards.isPending}
      onChange={(cardId) => {
        if (cardId && cardId !== sub.card?.id)
          update.mutate({ subscription: sub, change: 'funding', card: cardId });
      }}
    />
  );
}
