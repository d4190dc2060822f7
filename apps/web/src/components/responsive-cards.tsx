import { Carousel } from '@mantine/carousel';
import { SimpleGrid } from '@mantine/core';
import type { EmblaCarouselType } from 'embla-carousel';
import { type ReactElement, useDeferredValue, useState } from 'react';
import { useAutoAdvance } from './use-auto-advance.ts';
import { useMatchMedia } from './use-match-media.ts';

/** Spec breakpoint: at 500px or less, carousels replace grids. */
export const NARROW_QUERY = '(max-width: 500px)';

interface ResponsiveCardsProps {
  label: string;
  items: ReactElement[];
  columns: number;
}

function AutoCarousel({ label, items }: Pick<ResponsiveCardsProps, 'label' | 'items'>) {
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  useAutoAdvance(embla);
  return (
    <Carousel
      aria-label={label}
      aria-roledescription="carousel"
      getEmblaApi={setEmbla}
      withIndicators
      withControls={false}
      slideGap="md"
      emblaOptions={{ loop: true, align: 'center' }}
      styles={{ indicators: { bottom: -28 }, indicator: { background: 'var(--mantine-color-navy-4)' } }}
      pb={36}
      data-testid="cards-carousel"
    >
      {items.map((item, index) => (
        <Carousel.Slide
          key={item.key ?? index}
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${items.length}`}
        >
          {item}
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}

/** A grid of cards on wide screens, an auto-advancing carousel on phones. */
export function ResponsiveCards({ label, items, columns }: ResponsiveCardsProps) {
  // Deferred: when the prerendered landing page (grids) hydrates on a phone, the switch to carousels
  // renders in the background in short slices instead of one long block right after hydration.
  const narrow = useDeferredValue(useMatchMedia(NARROW_QUERY));
  if (narrow) return <AutoCarousel label={label} items={items} />;
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: columns }}
      spacing="lg"
      component="ul"
      aria-label={label}
      data-testid="cards-grid"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((item, index) => (
        <li key={item.key ?? index} style={{ display: 'flex' }}>
          {item}
        </li>
      ))}
    </SimpleGrid>
  );
}
