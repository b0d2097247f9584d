import { DEFAULT_THEME, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Mantine's palette with shades 8 and 9 replaced: the filled shade carries white text at 4.5:1 or more (WCAG AA). */
function darkened(name: keyof typeof DEFAULT_THEME.colors, shade8: string, shade9: string): MantineColorsTuple {
  const palette = [...DEFAULT_THEME.colors[name]!];
  palette[8] = shade8;
  palette[9] = shade9;
  return palette as unknown as MantineColorsTuple;
}

/**
 * Filled buttons, badges, links and outlines use shade 8 (Mantine's default 6 gives #228be6, 3.56:1 with white);
 * the light variant writes shade 9 on shade 1. Colours whose shade 8 is too pale for white text are darkened.
 */
export const theme = createTheme({
  // A person who asks the system for less motion gets dialogs, menus and toasts without their transitions (WCAG 2.3.3).
  respectReducedMotion: true,
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  colors: {
    red: darkened('red', '#c92a2a', '#a61e1e'),
    orange: darkened('orange', '#c2410c', '#9a3412'),
    green: darkened('green', '#237032', '#1b5e27'),
    teal: darkened('teal', '#087f5b', '#066649'),
    cyan: darkened('cyan', '#0b7285', '#095c6b'),
    lime: darkened('lime', '#4a7a0a', '#3b6108'),
    yellow: darkened('yellow', '#a85a00', '#8a4a00'),
  },
  components: {
    // A toast's message under a title is gray 6 in Mantine's styles, not the dimmed colour below. A plain object rather
    // than `Notification.extend`, which would bring the toast component into the login page's JavaScript.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
  },
});

/** Dimmed text (hints, captions, table notes) one shade darker than Mantine's gray 6 (3.32:1 on white). */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-dimmed': current.colors.gray[7] },
  dark: {},
});
