import { useLingui } from '@lingui/react/macro';
import { Carousel } from '@mantine/carousel';
import { VisuallyHidden } from '@mantine/core';
import type { CardView } from '@pria/contracts';
import { useEffect, useRef, useState } from 'react';
import { controlsBelow } from '../../components/carousel-controls-below.ts';
import { AddCardTile, CardTile } from './card-tile.tsx';
import classes from './cards-carousel.module.css';

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
  // The slide it opens on, fixed at mount: the library starts over at `initialSlide` whenever it
  // changes, and the "Add a card" slide selects no card, which sent the carousel back to the first.
  const [initial] = useState(() =>
    Math.max(
      0,
      slides.findIndex((c) => c.id === selectedCardId),
    ),
  );
  const total = slides.length + (onAdd ? 1 : 0);
  const [selected, setSelected] = useState(initial);
  const current = Math.min(selected, total - 1) + 1;
  // The library names its indicators' list "Slides" in English, with no prop for it (its indicators
  // take ours: getIndicatorProps); named here in the reader's language. React leaves a label it
  // wrote once (the library's never changes) as it is.
  const root = useRef<HTMLDivElement>(null);
  const slidesLabel = t`Slides`;
  useEffect(() => {
    root.current?.querySelector(':scope > [role="tablist"]')?.setAttribute('aria-label', slidesLabel);
  }, [slidesLabel]);
  return (
    <div>
      {/* The slide in view, said as it changes (the library's own English one is hidden). */}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {total > 0 && t`Slide ${current} of ${total}`}
      </VisuallyHidden>
      <Carousel
        ref={root}
        className={classes.carousel}
        aria-label={t`Your cards`}
        aria-roledescription={t`carousel`}
        withIndicators
        withControls={slides.length > 0}
        slideGap="md"
        initialSlide={initial}
        onSlideChange={(index) => {
          setSelected(index);
          onSelect(slides[index]?.id ?? null);
        }}
        previousControlProps={{ 'aria-label': t`Previous card` }}
        nextControlProps={{ 'aria-label': t`Next card` }}
        getIndicatorProps={(index) => {
          const slide = index + 1;
          return { 'aria-label': t`Go to slide ${slide}` };
        }}
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
    </div>
  );
}
