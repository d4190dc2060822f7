import { useLingui } from '@lingui/react/macro';
import type { CardView } from '@pria/contracts';
import { type CarouselSlide, SnapCarousel } from '../../components/snap-carousel.tsx';
import { AddCardTile, CardTile } from './card-tile.tsx';

interface CardsCarouselProps {
  cards: CardView[];
  holderName: string;
  selectedCardId: string | null;
  onSelect: (cardId: string | null) => void;
  onEdit: (card: CardView) => void;
  onAdd?: () => void;
  /** Whether a card pays for the plan in force (its tile says so when it is out of Charge & Pay). */
  paysForPlan?: (cardId: string) => boolean;
}

/** Phones (≤ 500px): one card per slide; the card in view is the one 'Per Card' activity shows. */
export function CardsCarousel({
  cards,
  holderName,
  selectedCardId,
  onSelect,
  onEdit,
  onAdd,
  paysForPlan,
}: CardsCarouselProps) {
  const { t } = useLingui();
  // Spec: cards without a processor instrument id are left out of the carousel.
  const cardSlides = cards.filter((c) => c.instrumentId);
  // Counted as the carousel's status counts them ('Slide 1 of 2'), the "Add a card" slide included:
  // a screen reader heard '1 of 1' and then 'Slide 1 of 2' for the same slide.
  const count = cardSlides.length + (onAdd ? 1 : 0);
  const slides: CarouselSlide[] = cardSlides.map((card, index) => {
    const position = index + 1;
    return {
      key: card.id,
      label: t`${position} of ${count}`,
      content: (
        <CardTile
          card={card}
          holderName={holderName}
          selected={card.id === selectedCardId}
          onEdit={onEdit}
          paysForPlan={paysForPlan?.(card.id)}
        />
      ),
    };
  });
  if (onAdd) slides.push({ key: 'add', label: t`Add a card`, content: <AddCardTile onClick={onAdd} /> });
  return (
    <SnapCarousel
      label={t`Your cards`}
      slides={slides}
      // Read when it mounts: the "Add a card" slide selects no card, and must not send it back to the first.
      initialSlide={Math.max(
        0,
        cardSlides.findIndex((c) => c.id === selectedCardId),
      )}
      onSlideChange={(index) => onSelect(cardSlides[index]?.id ?? null)}
      // A card removed from its slide: the card that took its place, else the one before it; the
      // "Add a card" slide only once no card is left (it was left on that slide, showing no card).
      afterRemoval={(index) => Math.min(index, cardSlides.length - 1)}
      withControls={cardSlides.length > 0}
      words={{
        carousel: t`carousel`,
        slide: t`slide`,
        status: (current, total) => t`Slide ${current} of ${total}`,
        indicators: t`Slides`,
        indicator: (slide) => t`Go to slide ${slide}`,
        previous: t`Previous card`,
        next: t`Next card`,
      }}
      data-testid="cards-carousel"
    />
  );
}
