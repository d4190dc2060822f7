/** The arrows' size (px): a comfortable touch target on the row below the cards. */
const CONTROL_SIZE = 36;
/** Mantine's indicator bar height (px), centred on the arrows' row. */
const INDICATOR_HEIGHT = 5;

/**
 * Props for a card carousel (Mantine's) that puts its arrows below the slides, at either end of
 * the indicators' row. Over the slide (the library's default) they covered a card's number and
 * name on a 390 px phone (issue 29).
 */
export const controlsBelow = {
  controlSize: CONTROL_SIZE,
  styles: {
    controls: { top: 'auto', bottom: 0, padding: 0 },
    indicators: { bottom: (CONTROL_SIZE - INDICATOR_HEIGHT) / 2 },
    indicator: { background: 'var(--mantine-color-navy-4)' },
  },
  pb: CONTROL_SIZE + 16,
} as const;
