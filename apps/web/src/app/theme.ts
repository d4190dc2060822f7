import {
  createTheme,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  mergeThemeOverrides,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/** Pria's brand colour: a dark navy that reads as trustworthy and passes AA contrast on white. */
const navy: MantineColorsTuple = [
  '#eef3fa',
  '#dbe3ef',
  '#b3c4de',
  '#88a3cd',
  '#6587bf',
  '#4e75b7',
  '#416bb4',
  '#325a9e',
  '#1c3a6e',
  '#0b1f3a',
];

const mint: MantineColorsTuple = [
  '#e6fcf4',
  '#d4f5e8',
  '#aaead1',
  '#7cdeb8',
  '#57d4a3',
  '#3fce96',
  '#30cb8e',
  '#1fb37a',
  '#109f6b',
  '#008a5a',
];

/** A hex colour with each channel scaled by `factor` (< 1 darkens, same hue). */
function darken(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const channel = (shift: number) =>
    Math.round(((n >> shift) & 0xff) * factor)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/**
 * Mantine's 'light' variant (Badge, Alert, ThemeIcon...) writes shade 9 on shade 1 of the same colour,
 * which is below WCAG AA's 4.5:1 for teal, mint, yellow and others: darken the text, keep the hue.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const base = parsed.isThemeColor ? input.theme.colors[parsed.color]?.[9] : undefined;
  return base?.startsWith('#')
    ? { ...colors, color: darken(base, 0.6), hoverColor: darken(base, 0.6) }
    : colors;
};

const theme = createTheme({
  variantColorResolver,
  // Visitors who ask their system for less motion get modals, drawers and toasts without their
  // slide and fade transitions.
  respectReducedMotion: true,
  components: {
    // Toasts' close buttons need a name (axe button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // Wide tables scroll sideways on phones: the scroll viewport must be reachable by keyboard.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // A badge is never cut to "OP…": in a narrow table cell it keeps its whole label, and the
    // cell (or the table's scroll) makes room for it.
    Badge: { styles: { root: { minWidth: 'max-content' } } },
  },
  primaryColor: 'navy',
  primaryShade: { light: 9, dark: 6 },
  colors: { navy, mint },
  fontFamily: '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: {
    fontFamily: '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  focusRing: 'auto',
  breakpoints: { xs: '31.25em', sm: '48em', md: '60em', lg: '75em', xl: '88em' },
});

/**
 * The theme with its words in the language spoken: every Modal's and Drawer's close button is
 * named here, once, not dialog by dialog (issue 40: Delete account, Cancel plan and Refund had an
 * unnamed X). A dialog that names its own (e.g. "Close menu") keeps it.
 */
export function themeIn(words: { close: string; closeNotification: string }): MantineThemeOverride {
  return mergeThemeOverrides(theme, {
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': words.close } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': words.close } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': words.closeNotification } } },
    },
  });
}
