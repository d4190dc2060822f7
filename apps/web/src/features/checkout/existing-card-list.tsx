import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Radio, Stack, Text } from '@mantine/core';
import type { CardView } from '@pria/contracts';
import { BrandMark } from '../cards/brand-mark.tsx';
import { expiryOf, maskedNumber } from '../cards/card-display.ts';

interface ExistingCardListProps {
  cards: CardView[];
  value: string | null;
  onChange: (cardId: string) => void;
}

/** 'Choose existing card': one radio per registered card, shown masked. */
export function ExistingCardList({ cards, value, onChange }: ExistingCardListProps) {
  const { t } = useLingui();
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
          // Named by what it shows ("Visa •••• 1111 12/30", the brand mark's name first), so
          // the name holds the visible text (WCAG 2.5.3 Label in Name; issue 40).
          <Radio.Card key={card.id} value={card.id} radius="md" p="sm">
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
