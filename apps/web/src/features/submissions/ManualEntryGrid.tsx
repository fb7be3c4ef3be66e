import { Button, Group, Text } from '@mantine/core';
import { NOT_A_NUMBER, type ManualColumn, type ManualGridRow, manualCellNumber, resultValueProblems } from '@sapwood/contracts';
import { type CSSProperties, type ClipboardEvent, type FocusEvent, type KeyboardEvent, memo, useRef } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import type { CellRegistry } from '../../components/ui/grid/gridNav';
import { type GridValues, useGridValue } from '../../components/ui/grid/gridValues';
import { useGridWindow } from '../../components/ui/grid/gridWindow';
import { sameValues } from '../../components/ui/grid/rowModel';
import type { RowKey, RowSaves } from '../../components/ui/grid/rowSaves';
import { useRowStatus } from '../../components/ui/grid/rowStatus';
import { useCellMessage } from '../../components/ui/grid/useEntryGrid';
import type { SubmissionKind } from './kind';

type Form = { rows: ManualGridRow[] };

/** What the grid's cells do (the engine's keyboard, a paste, N/A, leaving a row, Retry). */
export interface ManualGridActions {
  kind: SubmissionKind;
  /** the form's values, watched per cell (the engine's `live`) */
  live: GridValues;
  register: UseFormRegister<Form>;
  saves: RowSaves<ManualGridRow>;
  /** the fields a save sends (dirty tracking) */
  values: readonly string[];
  key: (index: number, field: string, e: KeyboardEvent<HTMLInputElement>) => void;
  /** a paste into the cell: true when the grid took it (several cells), false for an ordinary paste */
  paste: (index: number, field: string, text: string) => boolean;
  setNa: (index: number, na: boolean) => void;
  /** the focus left the row for another row or for nothing (not for a question asked) */
  leave: (index: number) => void;
  element: (index: number, field: string, el: HTMLInputElement | null) => void;
  /** the cells by row and column (the engine's: a long grid renders the rows in view, gridWindow.ts) */
  cells: CellRegistry<string>;
  isConfirmed: (key: RowKey, code: string, value: number) => boolean;
}

const CELL: CSSProperties = {
  width: '100%', height: 22, padding: '0 3px', fontSize: 12, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 2,
  background: 'var(--mantine-color-body)', color: 'var(--mantine-color-text)', boxSizing: 'border-box', fontVariantNumeric: 'tabular-nums', position: 'relative',
  // its size is its cell's and its height, never its text's: typing lays out the input alone, not the table (ADR 0230)
  contain: 'strict',
};
const BAD: CSSProperties = { ...CELL, borderColor: 'var(--mantine-color-red-6)', background: 'var(--mantine-color-red-0)' };
/** a value outside its usual range, not yet confirmed: asked before the row saves */
const UNUSUAL: CSSProperties = { ...CELL, borderColor: 'var(--mantine-color-orange-6)', background: 'var(--mantine-color-orange-0)' };
const DISABLED: CSSProperties = { ...CELL, background: 'var(--mantine-color-gray-1)' };
/** a row's height as drawn (an input of 22 px, its cell's padding and border), before it is measured */
const ROW_HEIGHT = 25;
const TD: CSSProperties = { padding: '1px 2px', verticalAlign: 'top', borderBottom: '1px solid var(--mantine-color-gray-2)' };
const TH: CSSProperties = { ...TD, position: 'sticky', top: 0, zIndex: 1, background: 'var(--mantine-color-body)', fontSize: 11, fontWeight: 600, whiteSpace: 'nowrap', textAlign: 'left' };
const MESSAGE: CSSProperties = { color: 'var(--mantine-color-red-7)', fontSize: 10, lineHeight: 1.2, whiteSpace: 'normal' };

/** A value cell's own check as typed (the contract's words): text that is not a number, a value that cannot be, or one outside its usual range. */
function useCellCheck(a: ManualGridActions, index: number, id: number, field: string): { bad?: string; unusual?: string } {
  const text = useGridValue(a.live, `rows.${index}.${field}`) as string | undefined;
  if (field === 'labNumber') return {};
  const n = manualCellNumber(text);
  if (n === undefined) return { bad: NOT_A_NUMBER };
  if (n === null) return {};
  const p = resultValueProblems(a.kind, { [field]: n })[0];
  if (!p) return {};
  if (p.level === 'impossible') return { bad: p.message };
  const held = manualCellNumber(a.saves.held.get(id)?.values[field]);
  return held === n || a.isConfirmed(id, field, n) ? {} : { unusual: p.message };
}

/** Moves out of a cell whose whole text is selected (a cell just entered): Left and Right as at that edge. */
function edgeFirst(e: KeyboardEvent<HTMLInputElement>) {
  const el = e.currentTarget;
  const all = el.value.length > 0 && el.selectionStart === 0 && el.selectionEnd === el.value.length;
  if (!all || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === 'ArrowLeft') el.setSelectionRange(0, 0);
  if (e.key === 'ArrowRight') el.setSelectionRange(el.value.length, el.value.length);
}

/** One cell: an input registered in the grid's form (typing re-renders this cell only), with its message under it. */
function Cell({ a, index, id, field, label, disabled }: { a: ManualGridActions; index: number; id: number; field: string; label: string; disabled?: boolean }) {
  const check = useCellCheck(a, index, id, field);
  const said = useCellMessage(a.saves, id, field);
  const error = check.bad ?? said;
  const warning = disabled || error ? undefined : check.unusual;
  const reg = a.register(`rows.${index}.${field}` as `rows.${number}.labNumber`);
  return (
    <td style={TD}>
      <input
        {...reg}
        disabled={disabled}
        inputMode={field === 'labNumber' ? 'text' : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        title={error ?? warning}
        data-testid={`cell-${index}-${field}`}
        data-unusual={warning ? 'true' : undefined}
        style={error ? BAD : disabled ? DISABLED : warning ? UNUSUAL : CELL}
        ref={(el) => {
          reg.ref(el);
          a.element(index, field, el);
        }}
        onChange={(e) => {
          if (said) a.saves.cells.set(`${id}:${field}`, undefined);
          void reg.onChange(e);
        }}
        onKeyDown={(e) => {
          edgeFirst(e);
          a.key(index, field, e);
        }}
        onPaste={(e: ClipboardEvent<HTMLInputElement>) => {
          if (a.paste(index, field, e.clipboardData.getData('text/plain'))) e.preventDefault();
        }}
      />
      {error && <div style={MESSAGE} data-testid={`cell-error-${index}-${field}`}>{error}</div>}
    </td>
  );
}

/** Whether the row is saved: saving…, saved ✓, unsaved, or error with the words and Retry (after a 409: the other user's values and the choice). */
function Status({ a, index, id, sn }: { a: ManualGridActions; index: number; id: number; sn: string }) {
  const status = useRowStatus(a.saves.status, id);
  const held = a.saves.held.get(id);
  const unsaved = useGridValue(a.live, `rows.${index}`, (row) => !!row && !!held && !sameValues(row as ManualGridRow, held.values, a.values));
  const atRow = useCellMessage(a.saves, id, '');
  const atNa = useCellMessage(a.saves, id, 'isNa');
  const rowMessage = atRow ?? atNa;
  const state = status?.state === 'saving' || status?.state === 'failed' ? status.state : unsaved ? 'unsaved' : status?.state === 'saved' ? 'saved' : 'idle';
  const label = (text: string, color?: string) => <Text size="xs" c={color} data-testid={`row-status-${sn}`} data-state={state}>{text}</Text>;
  const message = (text: string | undefined) => text && <div style={MESSAGE} data-testid={`row-message-${sn}`}>{text}</div>;
  if (state === 'saving') return label('saving…', 'dimmed');
  if (state === 'failed') {
    return (
      <>
        <Group gap={4} wrap="nowrap">
          {label('error', 'red')}
          <Button size="compact-xs" variant="light" color="red" onClick={() => void a.saves.retry(id)} data-testid={`row-retry-${sn}`}>Retry</Button>
        </Group>
        {message(status?.state === 'failed' ? status.message : undefined)}
      </>
    );
  }
  if (state === 'unsaved') return <>{label('unsaved', 'orange')}{message(rowMessage)}</>;
  return state === 'saved' ? label('saved ✓', 'teal') : null;
}

const ManualRow = memo(function ManualRow({ a, index, row, columns, measure }: {
  a: ManualGridActions; index: number; row: ManualGridRow; columns: readonly ManualColumn[]; measure?: (el: HTMLTableRowElement | null) => void;
}) {
  const na = useGridValue(a.live, `rows.${index}.isNa`, Boolean);
  const sn = row.sampleNumber;
  const onBlur = (e: FocusEvent<HTMLTableRowElement>) => {
    const to = e.relatedTarget as Node | null;
    if (e.currentTarget.contains(to)) return;
    if (!to || e.currentTarget.parentElement?.contains(to)) a.leave(index);
  };
  return (
    <tr data-testid={`manual-row-${index}`} data-sample={sn} onBlur={onBlur} data-index={index} ref={measure} aria-rowindex={index + 2}>
      <td style={{ ...TD, fontSize: 12, whiteSpace: 'nowrap' }} title={sn}>{sn}</td>
      <Cell a={a} index={index} id={row.sampleId} field="labNumber" label={`Lab Number of ${sn}`} />
      {columns.map((c) => <Cell key={c.code} a={a} index={index} id={row.sampleId} field={c.code} label={`${c.header} of ${sn}`} disabled={na} />)}
      <td style={{ ...TD, textAlign: 'center' }}>
        <input type="checkbox" checked={na} aria-label={`N/A of ${sn}`} data-testid={`na-${index}`} onChange={(e) => a.setNa(index, e.currentTarget.checked)} />
      </td>
      <td style={{ ...TD, minWidth: 120 }}>
        <Status a={a} index={index} id={row.sampleId} sn={sn} />
      </td>
    </tr>
  );
});

/**
 * The manual entry grid: Sample Number (read-only), Lab Number, the values with their units in the header,
 * N/A and the row's save state. Memoized: the dialog's renders (its messages) do not walk the rows.
 */
export const ManualEntryGrid = memo(function ManualEntryGrid({ rows, columns, actions }: {
  rows: readonly (ManualGridRow & { _k: string })[]; columns: readonly ManualColumn[]; actions: ManualGridActions;
}) {
  const valueWidth = columns.length > 20 ? 58 : 64;
  const scroller = useRef<HTMLDivElement>(null);
  const { slots, measure } = useGridWindow({ count: rows.length, scroller, cells: actions.cells, rowHeight: ROW_HEIGHT });
  return (
    // scrolls both ways itself, so the header row stays in view; the sample column and N/A with the status stay
    // in view while the values scroll sideways (app.css sw-pinned-grid)
    <div ref={scroller} style={{ overflow: 'auto', maxHeight: 'calc(100dvh - 190px)' }}>
      <table data-testid="manual-grid" className="sw-pinned-grid" aria-rowcount={rows.length + 1} style={{ borderCollapse: 'collapse', tableLayout: 'fixed', width: 110 + 90 + columns.length * valueWidth + 40 + 150 }}>
        <colgroup>
          <col style={{ width: 110 }} />
          <col style={{ width: 90 }} />
          {columns.map((c) => <col key={c.code} style={{ width: valueWidth }} />)}
          <col style={{ width: 40 }} />
          <col style={{ width: 150 }} />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th style={TH}>Sample Number</th>
            <th style={TH}>Lab Number</th>
            {columns.map((c) => (
              <th key={c.code} style={TH} title={c.header} data-testid={`head-${c.code}`}>
                {c.label}{c.unit && <div style={{ fontWeight: 400, color: 'var(--mantine-color-dimmed)' }}>{c.unit}</div>}
              </th>
            ))}
            <th style={TH}>N/A</th>
            <th style={TH}>Status</th>
          </tr>
        </thead>
        <tbody>
          {slots.map((s) => ('row' in s
            ? <ManualRow key={rows[s.row]._k} a={actions} index={s.row} row={rows[s.row]} columns={columns} measure={measure} />
            // the rows not rendered (out of view): their height, so the scroll bar stays the whole grid's
            : <tr key={s.key} aria-hidden="true"><td colSpan={columns.length + 4} style={{ height: s.gap, padding: 0, border: 0 }} /></tr>))}
        </tbody>
      </table>
    </div>
  );
});
