import { Badge, Box, Group, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { brandDisplayNames, brandFromInput, type CardView } from '@pria/contracts';
import { type CarouselWords, SnapCarousel } from '../../../components/snap-carousel.tsx';
import { maskedCard } from '../shared/display.ts';

function brandName(brand: string) {
  const b = brandFromInput(brand);
  return b ? brandDisplayNames[b] : brand;
}

function ClientCardTile({ card, selected }: { card: CardView; selected?: boolean }) {
  const label = `${brandName(card.brand)} card ending ${card.lastFour}`;
  return (
    <Paper
      component="article"
      aria-label={label}
      radius="lg"
      p="md"
      h={150}
      c="white"
      bg={card.brand === 'visa' ? 'navy.8' : 'dark.6'}
      style={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        minWidth: 0,
        outline: selected ? '3px solid var(--mantine-color-teal-5)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fw={800} fz="lg" fs={card.brand === 'visa' ? 'italic' : undefined}>
          {brandName(card.brand).toUpperCase()}
        </Text>
        {card.isDefault && (
          <Badge color="teal" variant="filled" size="sm">
            Default
          </Badge>
        )}
      </Group>
      <Text ff="monospace" fz="md" lts={1}>
        {maskedCard(card)}
      </Text>
      <Group justify="space-between" wrap="nowrap">
        {/* The room beside the date, not the name's width: a long name is cut, whole in its title (issue 40). */}
        <Text size="sm" truncate title={card.name} style={{ flex: '1 1 0', width: 0, minWidth: 0 }}>
          {card.name}
        </Text>
        <Text size="sm">
          {String(card.expirationMonth).padStart(2, '0')}/{String(card.expirationYear).slice(-2)}
        </Text>
      </Group>
    </Paper>
  );
}

/** Staff pages stay English (issue 42). */
const carouselWords: CarouselWords = {
  carousel: 'carousel',
  slide: 'slide',
  status: (current, total) => `Slide ${current} of ${total}`,
  indicators: 'Slides',
  indicator: (slide) => `Go to slide ${slide}`,
  previous: 'Previous card',
  next: 'Next card',
};

interface ClientCardsProps {
  cards: CardView[] | undefined;
  loading: boolean;
  /** Below 500px the cards are a carousel (spec); the card in view drives 'Per Card'. */
  narrow: boolean;
  selectedCardId: string | undefined;
  onSlide: (cardId: string | undefined) => void;
}

export function ClientCards({ cards, loading, narrow, selectedCardId, onSlide }: ClientCardsProps) {
  return (
    <Box component="section" aria-labelledby="cards-title">
      <Title order={2} fz="lg" mb="sm" id="cards-title">
        Cards {cards ? `(${cards.length})` : ''}
      </Title>
      {loading && <Skeleton height={150} radius="lg" />}
      {cards && cards.length === 0 && (
        <Paper withBorder radius="md" p="md">
          <Text c="dimmed" size="sm">
            No cards registered.
          </Text>
        </Paper>
      )}
      {cards && cards.length > 0 && narrow && (
        <SnapCarousel
          label="Client cards"
          words={carouselWords}
          initialSlide={Math.max(
            0,
            cards.findIndex((c) => c.id === selectedCardId),
          )}
          onSlideChange={(index) => onSlide(cards[index]?.id)}
          // The tiles have nothing to focus: the row itself takes the arrow keys.
          focusableRow
          slides={cards.map((card, i) => ({
            key: card.id,
            label: `${i + 1} of ${cards.length}`,
            content: <ClientCardTile card={card} />,
          }))}
        />
      )}
      {cards && cards.length > 0 && !narrow && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {cards.map((card) => (
            <ClientCardTile key={card.id} card={card} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
