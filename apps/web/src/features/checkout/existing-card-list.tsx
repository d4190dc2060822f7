import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Radio, Stack, Text, VisuallyHidden } from '@mantine/core';
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
  const endingIn = (lastFour: string) => t`ending ${lastFour},`;
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
          // Named as people say it, from what it shows: "Visa ending 1111, expires 12/30" (issue 40:
          // it was read as "VISA •••• •••• •••• 1111 12/30"). The brand mark says "Visa"; the dots
          // are for the eye only; the date is shown as it is.
          <Radio.Card key={card.id} value={card.id} radius="md" p="sm">
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <BrandMark brand={card.brand} height={22} />
              <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                <span aria-hidden>{maskedNumber(card.lastFour)}</span>
                <VisuallyHidden>{endingIn(card.lastFour)}</VisuallyHidden>
              </Text>
              <Text size="sm" c="dimmed" ml="auto">
                <VisuallyHidden>{t`expires`} </VisuallyHidden>
                {expiryOf(card)}
              </Text>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
