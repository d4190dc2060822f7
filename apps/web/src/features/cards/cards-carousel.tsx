import { useLingui } from '@lingui/react/macro';
import { Carousel } from '@mantine/carousel';
import type { CardView } from '@pria/contracts';
import { controlsBelow } from '../../components/carousel-controls-below.ts';
import { AddCardTile, CardTile } from './card-tile.tsx';

interface CardsCarouselProps {
  cards: CardView[];
  holderName: string;
  selectedCardId: string | null;
  onSelect: (cardId: string | null) => void;
  onEdit: (card: CardView) => void;
  onAdd?: () => void;
}

/** Phones (≤ 500px): one card per slide; the card in view is the one 'Per Card' activity shows. */
export function CardsCarousel({
  cards,
  holderName,
  selectedCardId,
  onSelect,
  onEdit,
  onAdd,
}: CardsCarouselProps) {
  const { t } = useLingui();
  // Spec: cards without a processor instrument id are left out of the carousel.
  const slides = cards.filter((c) => c.instrumentId);
  const initial = Math.max(
    0,
    slides.findIndex((c) => c.id === selectedCardId),
  );
  return (
    <Carousel
      aria-label={t`Your cards`}
      aria-roledescription={t`carousel`}
      withIndicators
      withControls={slides.length > 0}
      slideGap="md"
      initialSlide={initial}
      onSlideChange={(index) => onSelect(slides[index]?.id ?? null)}
      previousControlProps={{ 'aria-label': t`Previous card` }}
      nextControlProps={{ 'aria-label': t`Next card` }}
      {...controlsBelow}
      data-testid="cards-carousel"
    >
      {slides.map((card, index) => {
        const position = index + 1;
        const count = slides.length;
        return (
          <Carousel.Slide
            key={card.id}
            aria-roledescription={t`slide`}
            aria-label={t`${position} of ${count}`}
          >
            <CardTile
              card={card}
              holderName={holderName}
              selected={card.id === selectedCardId}
              onEdit={onEdit}
            />
          </Carousel.Slide>
        );
      })}
      {onAdd && (
        <Carousel.Slide aria-roledescription={t`slide`} aria-label={t`Add a card`}>
          <AddCardTile onClick={onAdd} />
        </Carousel.Slide>
      )}
    </Carousel>
  );
}
