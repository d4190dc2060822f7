import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { type AnyCardBrand, brandDisplayNames, type CardView } from '@pria/contracts';
import { BrandMark } from '../cards/brand-mark.tsx';
import { expiryOf, maskedNumber } from '../cards/card-display.ts';

interface ExistingCardListProps {
  cards: CardView[];
  value: string | null;
  onChange: (cardId: string) => void;
}

/** "Visa ending 1111, expires 12/30": a saved card's name as a screen reader says it. */
function useSavedCardName() {
  const { t } = useLingui();
  return (card: CardView) => {
    const brand = brandDisplayNames[card.brand as AnyCardBrand] ?? card.brand;
    const lastFour = card.lastFour;
    const expiry = expiryOf(card);
    return t`${brand} ending ${lastFour}, expires ${expiry}`;
  };
}

/** 'Choose existing card': one radio per registered card, shown masked. */
export function ExistingCardList({ cards, value, onChange }: ExistingCardListProps) {
  const { t } = useLingui();
  const savedCardName = useSavedCardName();
  if (cards.length === 0)
    return (
      <Text c="dimmed">
        <Trans>No Results</Trans>
      </Text>
    );
  return (
    <Radio.Group value={value} onChange={onChange} label={t`Your cards`} name="existing-card">
      <Stack gap="xs" mt="xs">
        {cards.map((card) => (
          // Named as people say it ("Visa ending 1111, expires 12/30"; issue 40: it was read as
          // "VISA •••• •••• •••• 1111 12/30"), with the digits and the date it shows.
          <Radio.Card key={card.id} value={card.id} radius="md" p="sm" aria-label={savedCardName(card)}>
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <BrandMark brand={card.brand} height={22} />
              <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {maskedNumber(card.lastFour)}
              </Text>
              <Text size="sm" c="dimmed" ml="auto">
                {expiryOf(card)}
              </Text>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
