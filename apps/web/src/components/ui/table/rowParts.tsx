import { ActionIcon, type MantineColor, type MantineTheme, Table, UnstyledButton, useMantineTheme } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The parts a list draws for each of its rows, as plain elements in the look of Mantine's (its classes, data
 * attributes and variables): a page of rows mounts hundreds of them, and Mantine's own components each resolve
 * their props, styles and theme on every render (issue 36, ADR 0225). app/rowParts.test.tsx compares their markup with
 * Mantine's.
 */

/** A body row of PagedRows' table (striped, highlighted on hover, with row borders): Table.Tr's classes and attributes. */
export const ROW_PROPS = {
  className: `${Table.classes.tr} mantine-Table-tr`,
  'data-with-row-border': true,
  'data-striped': 'odd',
  'data-hover': true,
} as const;

/** A body cell of PagedRows' table: Table.Td's classes. */
export const CELL_CLASS = `${Table.classes.td} mantine-Table-td`;

const ICON_CLASS = `mantine-focus-auto ${ActionIcon.classes.root} mantine-ActionIcon-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;
const ICON_INNER = `${ActionIcon.classes.icon} mantine-ActionIcon-icon`;

/** ActionIcon's variables for a subtle icon of a colour (and the theme's minimum target size), worked out once a colour. */
const varsByTheme = new WeakMap<MantineTheme, Map<string, CSSProperties>>();
function subtleVars(theme: MantineTheme, color: MantineColor | undefined): CSSProperties {
  let byColor = varsByTheme.get(theme);
  if (!byColor) varsByTheme.set(theme, (byColor = new Map()));
  const key = color ?? '';
  let vars = byColor.get(key);
  if (!vars) {
    const c = theme.variantColorResolver({ color: color || theme.primaryColor, theme, variant: 'subtle' });
    const themed = theme.components.ActionIcon?.styles as { root?: CSSProperties } | undefined;
    vars = { '--ai-bg': c.background, '--ai-hover': c.hover, '--ai-hover-color': c.hoverColor, '--ai-color': c.color, '--ai-bd': c.border, ...themed?.root } as CSSProperties;
    byColor.set(key, vars);
  }
  return vars;
}

export interface RowIconProps {
  /** the tooltip (the shared one, `data-tip`); none when not told */
  label?: string;
  /** the accessible name */
  name: string;
  color?: MantineColor;
  /** ActionIcon's size 'sm' (else its default) */
  size?: 'sm';
  disabled?: boolean;
  testId?: string;
  onClick: () => void;
  children: ReactNode;
}

/**
 * A row's icon button: Mantine's subtle ActionIcon as a plain button, its tooltip the shared one (SharedTooltip).
 * While its action is under way a row shows Mantine's own ActionIcon with its loader instead.
 */
export function RowIcon({ label, name, color, size, disabled, testId, onClick, children }: RowIconProps) {
  const theme = useMantineTheme();
  const vars = subtleVars(theme, color);
  return (
    <button type="button" className={disabled ? ICON_CLASS : `${ICON_CLASS} mantine-active`} data-variant="subtle" data-disabled={disabled || undefined} disabled={disabled}
      data-size={size} style={size ? { ...vars, '--ai-size': `var(--ai-size-${size})` } as CSSProperties : vars} aria-label={name} data-tip={label} data-testid={testId} onClick={onClick}>
      <span className={ICON_INNER}>{children}</span>
    </button>
  );
}
