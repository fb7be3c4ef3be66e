import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import { SHADE_CONTRAST, contrast, readablePalette, theme } from './theme';

describe('the theme is readable (WCAG 2.2 AA, docs/accessibility.md)', () => {
  it('every palette but dark keeps its shades 6-9 at their stated contrast on white, and at least 4.5:1 on a grey row', () => {
    for (const [name, palette] of Object.entries(theme.colors ?? {})) {
      for (const shade of [6, 7, 8, 9] as const) {
        const c = palette![shade];
        expect(contrast(c, '#ffffff'), `${name}.${shade}`).toBeGreaterThanOrEqual(SHADE_CONTRAST[shade]);
        expect(contrast(c, DEFAULT_THEME.colors.gray[1]), `${name}.${shade} on gray.1`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps the light shades (backgrounds) and an already readable shade as they are', () => {
    const teal = readablePalette(DEFAULT_THEME.colors.teal);
    expect(teal.slice(0, 6)).toEqual(DEFAULT_THEME.colors.teal.slice(0, 6));
    expect(teal[6]).not.toBe(DEFAULT_THEME.colors.teal[6]);
    expect(readablePalette(DEFAULT_THEME.colors.gray)[8]).toBe(DEFAULT_THEME.colors.gray[8]);
  });
});
