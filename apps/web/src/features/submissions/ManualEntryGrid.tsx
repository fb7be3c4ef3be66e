import { Button, Group, Text } from '@mantine/core';
import type { ManualColumn } from '@sapwood/contracts';
import { type CSSProperties, type ClipboardEvent, type FocusEvent, type KeyboardEvent, memo, useCallback, useSyncExternalStore } from 'react';
import type { ManualEntryStore, ManualField, RowView } from './manualEntry';

export interface ManualGridActions {
  typed: (index: number, field: ManualField, text: string) => void;
  key: (e: KeyboardEvent<HTMLInputElement>, index: number, field: ManualField) => void;
  /** a paste into the cell: true when the grid took it (several cells), false for an ordinary paste */
  paste: (index: number, field: ManualField, text: string) => boolean;
  setNa: (index: number, na: boolean) => void;
  /** the focus left the row */
  leave: (index: number) => void;
  element: (index: number, field: ManualField, el: HTMLInputElement | null) => void;
  reload: (index: number) => void;
}

const CELL: CSSProperties = {
  width: '100%', height: 22, padding: '0 3px', fontSize: 12, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 2,
  background: 'var(--mantine-color-body)', color: 'var(--mantine-color-text)', boxSizing: 'border-box', fontVariantNumeric: 'tabular-nums',
};
const BAD: CSSProperties = { ...CELL, borderColor: 'var(--mantine-color-red-6)', background: 'var(--mantine-color-red-0)' };
/** a value outside its usual range, not yet confirmed: asked before the row saves */
const UNUSUAL: CSSProperties = { ...CELL, borderColor: 'var(--mantine-color-orange-6)', background: 'var(--mantine-color-orange-0)' };
const DISABLED: CSSProperties = { ...CELL, background: 'var(--mantine-color-gray-1)' };
const TD: CSSProperties = { padding: '1px 2px', verticalAlign: 'top', borderBottom: '1px solid var(--mantine-color-gray-2)' };
const TH: CSSProperties = { ...TD, position: 'sticky', top: 0, zIndex: 1, background: 'var(--mantine-color-body)', fontSize: 11, fontWeight: 600, whiteSpace: 'nowrap', textAlign: 'left' };
const MESSAGE: CSSProperties = { color: 'var(--mantine-color-red-7)', fontSize: 10, lineHeight: 1.2, whiteSpace: 'normal' };

/**
 * One cell: an uncontrolled input (typing renders nothing but, when the row's look changes, its row), taking
 * its text anew when the row's `rev` moves (a paste, a CSV, a reload). A bad value is red with its message.
 */
function Cell({ index, field, label, view, disabled, actions }: {
  index: number; field: ManualField; label: string; view: RowView; disabled?: boolean; actions: ManualGridActions;
}) {
  const error = view.cellErrors[field];
  const warning = disabled ? undefined : view.cellWarnings[field];
  return (
    <td style={TD}>
      <input
        key={`${field}-${view.rev}`}
        defaultValue={view.texts[field] ?? ''}
        disabled={disabled}
        inputMode={field === 'labNumber' ? 'text' : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        title={error ?? warning}
        data-testid={`cell-${index}-${field}`}
        data-unusual={warning && !error ? 'true' : undefined}
        style={error ? BAD : disabled ? DISABLED : warning ? UNUSUAL : CELL}
        ref={(el) => actions.element(index, field, el)}
        onChange={(e) => actions.typed(index, field, e.currentTarget.value)}
        onKeyDown={(e) => actions.key(e, index, field)}
        onPaste={(e: ClipboardEvent<HTMLInputElement>) => {
          if (actions.paste(index, field, e.clipboardData.getData('text/plain'))) e.preventDefault();
        }}
      />
      {error && <div style={MESSAGE} data-testid={`cell-error-${index}-${field}`}>{error}</div>}
    </td>
  );
}

function Status({ index, sampleNumber, view, actions }: { index: number; sampleNumber: string; view: RowView; actions: ManualGridActions }) {
  const label = (text: string, color?: string) => (
    <Text size="xs" c={color} data-testid={`row-status-${sampleNumber}`} data-state={view.state}>{text}</Text>
  );
  const message = view.message && <div style={MESSAGE} data-testid={`row-message-${sampleNumber}`}>{view.message}</div>;
  switch (view.state) {
    case 'unsaved': return <>{label('unsaved', 'orange')}{message}</>;
    case 'saving': return label('saving…', 'dimmed');
    case 'saved': return label('saved ✓', 'teal');
    case 'failed': return <>{label('error', 'red')}{message}</>;
    case 'conflict':
      return (
        <>
          <Group gap={4} wrap="nowrap">
            {label('changed', 'red')}
            <Button size="compact-xs" variant="light" color="red" onClick={() => actions.reload(index)} data-testid={`row-reload-${sampleNumber}`}>Reload</Button>
          </Group>
          {message}
        </>
      );
    default: return null;
  }
}

const ManualRow = memo(function ManualRow({ store, index, columns, actions }: {
  store: ManualEntryStore; index: number; columns: readonly ManualColumn[]; actions: ManualGridActions;
}) {
  const subscribe = useCallback((l: () => void) => store.subscribeRow(index, l), [store, index]);
  const view = useSyncExternalStore(subscribe, () => store.view(index));
  const sn = store.sampleNumber(index);
  const onBlur = (e: FocusEvent<HTMLTableRowElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) actions.leave(index);
  };
  return (
    <tr data-testid={`manual-row-${index}`} data-sample={sn} data-state={view.state} onBlur={onBlur}
      style={view.state === 'failed' || view.state === 'conflict' ? { background: 'var(--mantine-color-red-0)' } : undefined}>
      <td style={{ ...TD, fontSize: 12, whiteSpace: 'nowrap' }} title={sn}>{sn}</td>
      <Cell index={index} field="labNumber" label={`Lab Number of ${sn}`} view={view} actions={actions} />
      {columns.map((c) => (
        <Cell key={c.code} index={index} field={c.code} label={`${c.header} of ${sn}`} view={view} disabled={view.na} actions={actions} />
      ))}
      <td style={{ ...TD, textAlign: 'center' }}>
        <input type="checkbox" checked={view.na} aria-label={`N/A of ${sn}`} data-testid={`na-${index}`} onChange={(e) => actions.setNa(index, e.currentTarget.checked)} />
      </td>
      <td style={{ ...TD, minWidth: 120 }}>
        <Status index={index} sampleNumber={sn} view={view} actions={actions} />
      </td>
    </tr>
  );
});

/**
 * The manual entry grid: Sample Number (read-only), Lab Number, the values with their units in the header,
 * N/A and the row's save state. Memoized: the dialog's renders (its counts, its messages) do not walk the rows.
 */
export const ManualEntryGrid = memo(function ManualEntryGrid({ store, rows, columns, actions }: {
  store: ManualEntryStore; rows: number; columns: readonly ManualColumn[]; actions: ManualGridActions;
}) {
  const valueWidth = columns.length > 20 ? 58 : 64;
  return (
    // scrolls both ways itself, so the header row stays in view; the sample column and N/A with the status stay
    // in view while the values scroll sideways (app.css sw-pinned-grid)
    <div style={{ overflow: 'auto', maxHeight: 'calc(100dvh - 190px)' }}>
      <table data-testid="manual-grid" className="sw-pinned-grid" style={{ borderCollapse: 'collapse', tableLayout: 'fixed', width: 110 + 90 + columns.length * valueWidth + 40 + 150 }}>
        <colgroup>
          <col style={{ width: 110 }} />
          <col style={{ width: 90 }} />
          {columns.map((c) => <col key={c.code} style={{ width: valueWidth }} />)}
          <col style={{ width: 40 }} />
          <col style={{ width: 150 }} />
        </colgroup>
        <thead>
          <tr>
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
          {Array.from({ length: rows }, (_, i) => <ManualRow key={i} store={store} index={i} columns={columns} actions={actions} />)}
        </tbody>
      </table>
    </div>
  );
});
