import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 9, dark: 6 },
  colors: { navy, mint },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  focusRing: 'auto',
  breakpoints: { xs: '31.25em', sm: '48em', md: '60em', lg: '75em', xl: '88em' },
});
