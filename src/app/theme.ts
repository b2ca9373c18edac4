import { createTheme, type MantineColorsTuple } from '@mantine/core';

const cgm: MantineColorsTuple = [
  '#e8f1fa',
  '#d0e0f0',
  '#a3bfe0',
  '#729cd0',
  '#4a7fc2',
  '#316dba',
  '#2263b7',
  '#1a54a1',
  '#1c4e80',
  '#0f3a66',
];

/** Colours chosen for contrast: primary text on white and white on primary both pass WCAG AA. */
export const theme = createTheme({
  primaryColor: 'cgm',
  primaryShade: 7,
  colors: { cgm },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
});
