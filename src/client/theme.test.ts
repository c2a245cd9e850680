import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, READABLE_LIGHT_COLORS, readableLightColors, theme } from './theme';

describe('theme', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);

  it('ships the light-variant text colours its palette gives (written out so a phone does not compute them)', () => {
    expect(READABLE_LIGHT_COLORS).toEqual(readableLightColors(merged.colors));
  });

  it('gives Mantine the dimmed grey and those colours for the light scheme', () => {
    const resolved = cssVariablesResolver(merged);
    expect(resolved.light).toEqual({ '--mantine-color-dimmed': '#5c636a', ...readableLightColors(merged.colors) });
    expect(resolved.dark).toEqual({});
  });
});
