import { ActionIcon, Button, Group, type MantineColor, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { type ComponentType, type ReactNode, useCallback, useState } from 'react';
import { PageTitle } from '../../layout/PageTitle';
import { type PagedEndpoint, PagedTable, type PagedTableProps, type RowOf } from './PagedTable';
import { RowIcon } from './rowParts';

/** One button of a row's Actions cell: a tooltip over an icon button named for its row. */
export interface RowAction<T> {
  /** the tooltip (it may say why the button is off) */
  label: string | ((row: T) => string);
  icon: ComponentType<{ size?: number | string }>;
  color?: MantineColor;
  /** the button's accessible name ('Edit Roots') */
  name: (row: T) => string;
  testId?: string | ((row: T) => string);
  onClick: (row: T) => unknown;
  /** only on the rows it holds for (Unlock on a locked user) */
  when?: (row: T) => boolean;
  /** shown but off on these rows */
  disabled?: (row: T) => boolean;
}

type Named = { name: string };

/** The Edit button of a row named by its `name` ('Edit Roots'). */
export function editAction<T extends Named>(onClick: (row: T) => unknown, testId?: RowAction<T>['testId']): RowAction<T> {
  return { label: 'Edit', icon: IconPencil, name: (r) => `Edit ${r.name}`, onClick, testId };
}

/** The Delete button of a row named by its `name`, red ('Delete Roots'); a list that reassigns shows an X. */
export function deleteAction<T extends Named>(onClick: (row: T) => unknown, testId?: RowAction<T>['testId'], icon: RowAction<T>['icon'] = IconTrash): RowAction<T> {
  return { label: 'Delete', icon, color: 'red', name: (r) => `Delete ${r.name}`, onClick, testId };
}

/** A row's action buttons, side by side: light icon buttons (rowParts) under the shared tooltip. */
export function RowActions<T>({ row, actions, iconSize = 15 }: { row: T; actions: readonly RowAction<T>[]; iconSize?: number }) {
  return (
    <Group gap={2} wrap="nowrap">
      {actions.filter((a) => a.when?.(row) ?? true).map((a, i) => (
        <RowIcon
          key={i}
          label={typeof a.label === 'function' ? a.label(row) : a.label}
          name={a.name(row)}
          color={a.color}
          disabled={a.disabled?.(row)}
          onClick={() => void a.onClick(row)}
          testId={typeof a.testId === 'function' ? a.testId(row) : a.testId}
        >
          <a.icon size={iconSize} />
        </RowIcon>
      ))}
    </Group>
  );
}

/** The Actions column of a list: not sortable, `size` px wide. */
export function actionsColumn<T>(actions: readonly RowAction<T>[], opts: { size?: number; iconSize?: number } = {}): ColumnDef<T, unknown> {
  return {
    id: 'actions', header: () => 'Actions', enableSorting: false, size: opts.size ?? 100,
    cell: ({ row }) => <RowActions row={row.original} actions={actions} iconSize={opts.iconSize} />,
  };
}

/** A list's add button in its toolbar: a '+' icon named `label`, or a small button reading `text`. */
export function AddButton({ label, testId, onClick, text }: { label: string; testId: string; onClick: () => void; text?: string }) {
  if (text) return <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onClick} data-testid={testId}>{text}</Button>;
  return (
    <Tooltip label={label}>
      <ActionIcon onClick={onClick} aria-label={label} data-testid={testId}><IconPlus size={16} /></ActionIcon>
    </Tooltip>
  );
}

/** The row an add/edit dialog is open for: `'new'` for an added one, null when closed. */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  // the same functions on every render (a page's columns may depend on them)
  const add = useCallback(() => setEditing('new'), []);
  const edit = useCallback((row: T) => setEditing(row), []);
  const close = useCallback(() => setEditing(null), []);
  return {
    editing,
    add,
    edit,
    close,
    /** for a dialog that stays mounted: the row, null when adding, undefined when closed */
    current: editing === 'new' ? null : (editing ?? undefined),
    /** the dialog while one is open: given the row (null when adding) and what closes it */
    dialog: (render: (row: T | null, close: () => void) => ReactNode) => (editing === null ? null : render(editing === 'new' ? null : editing, close)),
  };
}

export type ListPageProps<E extends PagedEndpoint> = PagedTableProps<E> & {
  /** what stands between the title and the table (a notice) */
  above?: ReactNode;
  /**
   * Rows edited in the page's dialog (`useEditing`): a double-click edits the row, and with `add` the toolbar
   * starts with the add button (`AddButton`'s props) that opens the dialog for a new one.
   */
  editor?: { edit: (row: RowOf<E>) => void; add: () => void };
  add?: { label: string; testId: string; text?: string };
  /** the page's dialogs */
  children?: ReactNode;
};

/**
 * A list screen: its menu title, what stands `above` the table (a notice), the paged table (typed by its
 * endpoint), then its dialogs (`children`).
 * The page writes its columns (`actionsColumn` for the row buttons), its add button and its dialogs.
 */
export function ListPage<E extends PagedEndpoint>({ above, children, editor, add, ...table }: ListPageProps<E>) {
  const addButton = editor && add && <AddButton {...add} onClick={editor.add} />;
  return (
    <>
      <PageTitle />
      {above}
      <PagedTable
        onRowDoubleClick={editor?.edit}
        {...table}
        toolbar={addButton && table.toolbar ? <>{addButton}{table.toolbar}</> : (addButton || table.toolbar)}
      />
      {children}
    </>
  );
}
