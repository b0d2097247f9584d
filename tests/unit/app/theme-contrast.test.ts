import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '@/app/theme';

/** WCAG 2.x relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((index) => {
    const channel = parseInt(hex.slice(index, index + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
};

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = { ...defaultCssVariablesResolver(merged).light, ...cssVariablesResolver(merged).light } as Record<string, string>;
const root = defaultCssVariablesResolver(merged).variables as Record<string, string>;
const variables: Record<string, string> = { ...root, ...light };
for (const [name, palette] of Object.entries(merged.colors))
  palette.forEach((value, shade) => {
    variables[`--mantine-color-${name}-${shade}`] = value;
  });

/** The colour a CSS variable ends at, following var() references as Mantine's stylesheet does. */
function resolve(name: string): string {
  const value = variables[name];
  if (!value) throw new Error(`no variable ${name}`);
  const reference = /^var\((--[\w-]+)\)$/.exec(value);
  return reference ? resolve(reference[1]!) : value;
}

const COLORS = ['blue', 'red', 'orange', 'green', 'teal', 'cyan', 'grape', 'violet', 'indigo', 'lime', 'pink', 'yellow', 'gray'];

describe('the Mantine theme passes WCAG AA (4.5:1 for normal text)', () => {
  it('the primary colour with white text and as the link colour', () => {
    expect(contrast(resolve('--mantine-primary-color-filled'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve('--mantine-color-anchor'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve('--mantine-color-anchor'), resolve('--mantine-color-gray-0'))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(COLORS)('%s: filled with white text, light variant, coloured text', (color) => {
    expect(contrast(resolve(`--mantine-color-${color}-filled`), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve(`--mantine-color-${color}-light-color`), resolve(`--mantine-color-${color}-1`))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve(`--mantine-color-${color}-text`), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text on white and on the light gray of panels', () => {
    expect(contrast(resolve('--mantine-color-dimmed'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve('--mantine-color-dimmed'), resolve('--mantine-color-gray-0'))).toBeGreaterThanOrEqual(4.5);
  });
});
