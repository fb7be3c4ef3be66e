import { type CSSVariablesResolver, DEFAULT_THEME, type MantineColorsTuple, createTheme, darken, luminance } from '@mantine/core';

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The contrast each shade from 6 up keeps against white (docs/accessibility.md): shade 6 is what filled buttons,
 * badges, links, dimmed text and the light variants' text use, so it stays readable (≥ 4.5:1, WCAG 2.2 AA) as
 * text on white, on a light tint of itself and on the grey table backgrounds; 7–9 stay darker still.
 */
export const SHADE_CONTRAST = { 6: 5.8, 7: 6.8, 8: 8, 9: 9.5 } as const;

/** A Mantine palette whose shades 6–9 are darkened just enough for `SHADE_CONTRAST`; 0–5 (backgrounds) unchanged. */
export function readablePalette(palette: readonly string[]): MantineColorsTuple {
  const out = [...palette];
  for (const shade of [6, 7, 8, 9] as const) {
    let color = palette[shade];
    for (let step = 1; contrast(color, '#ffffff') < SHADE_CONTRAST[shade] && step <= 100; step += 1) {
      color = darken(palette[shade], step / 100);
    }
    out[shade] = color;
  }
  return out as unknown as MantineColorsTuple;
}

/** Every palette but `dark` (already dark), made readable. */
const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).filter(([name]) => name !== 'dark').map(([name, p]) => [name, readablePalette(p)]),
);

/**
 * Disabled controls' text readable too (WCAG exempts them; staff still need to read what is off), and so are
 * placeholders (a file field's placeholder is text in its box).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-disabled-color': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});

/**
 * A calm, dense back-office look: small controls, teal accents, compact tables; readable at WCAG 2.2 AA
 * (docs/accessibility.md): the palettes' text shades contrast enough, every small icon button is a 24 × 24 px
 * target, and a dialog's close button has a name.
 */
export const theme = createTheme({
  // a user whose system asks for reduced motion gets dialogs, menus and snacks without their transitions (WCAG 2.3.3)
  respectReducedMotion: true,
  primaryColor: 'teal',
  colors,
  defaultRadius: 'sm',
  fontSizes: { xs: '11px', sm: '13px', md: '14px', lg: '16px', xl: '18px' },
  components: {
    TextInput: { defaultProps: { size: 'xs' } },
    PasswordInput: { defaultProps: { size: 'xs' } },
    NumberInput: { defaultProps: { size: 'xs' } },
    Select: { defaultProps: { size: 'xs' } },
    MultiSelect: { defaultProps: { size: 'xs' } },
    Button: { defaultProps: { size: 'xs' } },
    Checkbox: { defaultProps: { size: 'xs' } },
    Switch: { defaultProps: { size: 'xs' } },
    Table: { defaultProps: { fz: 'sm', verticalSpacing: 4, horizontalSpacing: 'xs' } },
    // plain settings, not `Modal.extend(…)`: the theme is in the sign-in page's download, the components are not (ADR 0170)
    Modal: { defaultProps: { size: 'lg', closeButtonProps: { 'aria-label': 'Close' } } },
    ActionIcon: { styles: { root: { minWidth: 24, minHeight: 24 } } },
    CloseButton: { styles: { root: { minWidth: 24, minHeight: 24 } } },
    // a tab strip without panels (the list screens' tabs filter one list) points at no panel
    TabsTab: { defaultProps: { 'aria-controls': undefined } },
  },
});
