import { ActionIcon, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconRotate } from '@tabler/icons-react';
import { type ClipboardEvent, type KeyboardEvent, memo, useEffect, useState } from 'react';
import { FIELD_MESSAGES, type LabResultRow, type ResultRowValues } from '@sapwood/contracts';
import { NumericInput } from '../../components/ui/NumericInput';
import { gridMoveOf } from '../../components/ui/grid/gridNav';
import { type GridValues, useGridValue } from '../../components/ui/grid/gridValues';
import { type RowSaveStatus, type RowStatusStore, useRowStatus } from '../../components/ui/grid/rowStatus';
import { type ResultValues, hasResult, same, valuesOf } from './results/resultValues';

export type { ResultColumn } from './results/useResultsGrid';
import type { ResultColumn } from './results/useResultsGrid';
/** a result column's name in messages and titles */
export const COLUMN_NAME: Record<ResultColumn, string> = { sugar: 'Sugar', starch: 'Starch' };
/** the results dialog's form values, watched per cell (the engine's `live`, ADR 0205): its rows (the contract's `ResultRowValues`) */
export type ResultsLive = GridValues;

/** Said at a Sugar or Starch cell whose text is not a number (the contract's words). */
export const NOT_A_NUMBER = FIELD_MESSAGES.number;

export interface ResultRowActions {
  /** a key in the cell: the grid's keyboard (Enter, Tab, the arrows) */
  key: (index: number, column: ResultColumn, e: KeyboardEvent<HTMLInputElement>) => void;
  /** a cell's new value into the form (marks it dirty) */
  set: (name: `rows.${number}.${ResultColumn}`, value: number | null) => void;
  /** N/A ticked or cleared (saved at once) */
  setNa: (index: number, na: boolean) => void;
  /** the cell's input, focused at once on Enter (react-hook-form's setFocus waits a tick: a fast typist's next key would land in this row) */
  element: (index: number, column: ResultColumn, el: HTMLInputElement | null) => void;
  over: (id: number, column: ResultColumn, over: boolean) => void;
  /** whether the cell holds text that is not a number (refused: not in the form, not saved) */
  invalid: (id: number, column: ResultColumn, invalid: boolean) => void;
  /** a paste into the cell: true when the dialog took it (a column of values), false for an ordinary paste */
  paste: (index: number, column: ResultColumn, text: string) => boolean;
  remove: (index: number, row: LabResultRow) => void;
  /** save the row again after a refused save */
  retry: (id: number) => void;
  /** the rows' save statuses, by row id */
  status: RowStatusStore<number, RowSaveStatus>;
  /** what the server holds for the row */
  saved: (id: number) => ResultValues | undefined;
  /** the messages at cells (the contract's rules, a refused save's fields), by `${id}:${column}` */
  cellMessages: RowStatusStore<string, string>;
}

const above = (v: number | null | undefined, limit: number) => limit > 0 && v !== null && v !== undefined && v > limit;

/**
 * Sugar or Starch of one row, bound to the form: it watches only its own value (typing re-renders only this
 * cell) and writes it with `setValue`. No `useController`: its form-state subscription would re-render all
 * 400 cells whenever a saved row becomes the form's new baseline.
 * A value over the limit gets a red ring and bold underlined figures (app.css), and its name says so (it is saved;
 * the column head names the limit): not by colour alone (WCAG 1.4.1); text that is not a
 * number is refused with a message under the cell, and the keys that would leave the cell keep it there.
 */
function ResultCell(props: { live: ResultsLive; row: LabResultRow; index: number; column: ResultColumn; limit: number; na: boolean; actions: ResultRowActions }) {
  const { live, row, index, column, limit, na, actions } = props;
  const name = `rows.${index}.${column}` as const;
  const value = useGridValue(live, name) as number | null | undefined;
  const [bad, setBad] = useState(false);
  const over = !bad && above(value, limit);
  useEffect(() => actions.over(row.id, column, over), [actions, row.id, column, over]);
  useEffect(() => () => actions.over(row.id, column, false), [actions, row.id, column]);
  useEffect(() => actions.invalid(row.id, column, bad), [actions, row.id, column, bad]);
  useEffect(() => () => actions.invalid(row.id, column, false), [actions, row.id, column]);
  // a value set from outside (a paste, someone else's values taken) replaces refused text
  useEffect(() => setBad(false), [value]);
  const message = useRowStatus(actions.cellMessages, `${row.id}:${column}`);
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // refused text: the message is under the cell, and the cell keeps the focus until its text is a number (or empty)
    if (bad && gridMoveOf(e)) e.preventDefault();
    else actions.key(index, column, e);
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    if (actions.paste(index, column, e.clipboardData.getData('text/plain'))) e.preventDefault();
  };
  return (
    <NumericInput
      size="xs"
      value={value ?? null}
      decimals={2}
      disabled={na}
      error={bad ? NOT_A_NUMBER : message ?? (over || undefined)}
      errorProps={{ 'data-testid': `result-${index}-${column}-error` }}
      data-over={over ? 'true' : 'false'}
      data-bad={bad ? 'true' : 'false'}
      aria-label={`${column} ${row.sampleNumber}${over ? ', over the limit' : ''}`}
      data-testid={`result-${index}-${column}`}
      ref={(el) => actions.element(index, column, el)}
      name={name}
      onInvalidChange={setBad}
      onChange={(n) => actions.set(name, n)}
      onKeyDown={onKey}
      onPaste={onPaste}
    />
  );
}

/**
 * Whether the row is saved: Saving…, Saved, Unsaved (typed, not yet saved), or Failed with the server's words
 * and a Retry. A row never touched and empty shows nothing.
 */
function RowStatusCell({ live, row, index, actions }: { live: ResultsLive; row: LabResultRow; index: number; actions: ResultRowActions }) {
  const status = useRowStatus(actions.status, row.id);
  const saved = actions.saved(row.id);
  const unsaved = useGridValue(live, `rows.${index}`, (values) => !!values && !!saved && !same(valuesOf(values as ResultRowValues), saved));
  const sn = row.sampleNumber;
  const label = (text: string, color?: string) => (
    <Text size="xs" c={color} data-testid={`result-status-${sn}`} data-state={text.toLowerCase().replace('…', '')}>{text}</Text>
  );
  if (status?.state === 'saving') return label('Saving…', 'dimmed');
  if (status?.state === 'failed') {
    return (
      <div>
        <Group gap={4} wrap="nowrap">
          {label('Failed', 'red')}
          <Button size="compact-xs" variant="light" color="red" onClick={() => actions.retry(row.id)} data-testid={`result-retry-${sn}`}>Retry</Button>
        </Group>
        <Text size="xs" c="red" data-testid={`result-failure-${sn}`}>{status.message}</Text>
      </div>
    );
  }
  if (unsaved) return label('Unsaved', 'orange');
  if (status?.state === 'saved' || (saved && hasResult(saved))) return label('Saved', 'teal');
  return null;
}

/** One row of the results dialog, its values in the dialog's form: Sample Number, Sample Type, Sugar, Starch, N/A, status, remove. */
export const ResultRow = memo(function ResultRow(props: {
  live: ResultsLive;
  row: LabResultRow;
  index: number;
  sugarLimit: number;
  starchLimit: number;
  actions: ResultRowActions;
}) {
  const { live, row, index, sugarLimit, starchLimit, actions } = props;
  const na = useGridValue(live, `rows.${index}.na`, Boolean);
  return (
    <Table.Tr data-testid={`result-row-${index}`}>
      <Table.Td fz="xs" title={row.sampleNumber}>{row.sampleNumber}</Table.Td>
      <Table.Td fz="xs" c="dimmed" title={row.organName}>{row.organName}</Table.Td>
      {(['sugar', 'starch'] as const).map((col) => (
        <Table.Td key={col}>
          <ResultCell live={live} row={row} index={index} column={col} limit={col === 'sugar' ? sugarLimit : starchLimit} na={na} actions={actions} />
        </Table.Td>
      ))}
      <Table.Td>
        <Checkbox size="xs" checked={na} aria-label={`N/A ${row.sampleNumber}`} data-testid={`result-${index}-na`}
          name={`rows.${index}.na`} onChange={(e) => actions.setNa(index, e.currentTarget.checked)} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'normal' }}>
        <RowStatusCell live={live} row={row} index={index} actions={actions} />
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Redo sample ${row.sampleNumber}`} data-testid={`result-${index}-remove`}
          onClick={() => actions.remove(index, row)}>
          <IconRotate size={14} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});
