import { ActionIcon, Checkbox, Table } from '@mantine/core';
import { IconRotate } from '@tabler/icons-react';
import { type KeyboardEvent, memo, useEffect } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import type { LabResultRow, ResultRowValues } from '@sapwood/contracts';
import { NumericInput } from '../../components/ui/NumericInput';

export type ResultColumn = 'sugar' | 'starch';
/** the results dialog's form values: its rows (the contract's `ResultRowValues`) */
export type ResultRowsValues = { rows: ResultRowValues[] };
export type ResultsControl = Control<ResultRowsValues>;

export interface ResultRowActions {
  enter: (index: number, column: ResultColumn) => void;
  /** a cell's new value into the form (marks it dirty) */
  set: (name: `rows.${number}.${ResultColumn | 'na'}`, value: number | boolean | null) => void;
  /** the cell's input, focused at once on Enter (react-hook-form's setFocus waits a tick: a fast typist's next key would land in this row) */
  element: (index: number, column: ResultColumn, el: HTMLInputElement | null) => void;
  over: (id: number, column: ResultColumn, over: boolean) => void;
  remove: (index: number, row: LabResultRow) => void;
}

const above = (v: number | null | undefined, limit: number) => limit > 0 && v !== null && v !== undefined && v > limit;

/**
 * Sugar or Starch of one row, bound to the form: it watches only its own value (typing re-renders only this
 * cell) and writes it with `setValue`. No `useController`: its form-state subscription would re-render all
 * 400 cells whenever a saved row becomes the form's new baseline.
 */
function ResultCell(props: { control: ResultsControl; row: LabResultRow; index: number; column: ResultColumn; limit: number; na: boolean; actions: ResultRowActions }) {
  const { control, row, index, column, limit, na, actions } = props;
  const name = `rows.${index}.${column}` as const;
  const value = useWatch({ control, name, exact: true });
  const over = above(value, limit);
  useEffect(() => actions.over(row.id, column, over), [actions, row.id, column, over]);
  useEffect(() => () => actions.over(row.id, column, false), [actions, row.id, column]);
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      actions.enter(index, column);
    }
  };
  return (
    <NumericInput
      size="xs"
      value={value ?? null}
      decimals={2}
      disabled={na}
      error={over || undefined}
      data-over={over ? 'true' : 'false'}
      aria-label={`${column} ${row.sampleNumber}`}
      data-testid={`result-${index}-${column}`}
      ref={(el) => actions.element(index, column, el)}
      name={name}
      onChange={(n) => actions.set(name, n)}
      onKeyDown={onKey}
    />
  );
}

/** One row of the results dialog, its values in the dialog's form: Sample Number, Sample Type, Sugar, Starch, N/A, remove. */
export const ResultRow = memo(function ResultRow(props: {
  control: ResultsControl;
  row: LabResultRow;
  index: number;
  sugarLimit: number;
  starchLimit: number;
  actions: ResultRowActions;
}) {
  const { control, row, index, sugarLimit, starchLimit, actions } = props;
  const na = !!useWatch({ control, name: `rows.${index}.na`, exact: true });
  return (
    <Table.Tr data-testid={`result-row-${index}`}>
      <Table.Td fz="sm">{row.sampleNumber}</Table.Td>
      <Table.Td fz="sm" c="dimmed">{row.organName}</Table.Td>
      {(['sugar', 'starch'] as const).map((col) => (
        <Table.Td key={col} w={130}>
          <ResultCell control={control} row={row} index={index} column={col} limit={col === 'sugar' ? sugarLimit : starchLimit} na={na} actions={actions} />
        </Table.Td>
      ))}
      <Table.Td w={50}>
        <Checkbox size="xs" checked={na} aria-label={`N/A ${row.sampleNumber}`} data-testid={`result-${index}-na`}
          name={`rows.${index}.na`} onChange={(e) => actions.set(`rows.${index}.na`, e.currentTarget.checked)} />
      </Table.Td>
      <Table.Td w={40}>
        <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Redo sample ${row.sampleNumber}`} data-testid={`result-${index}-remove`}
          onClick={() => actions.remove(index, row)}>
          <IconRotate size={14} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});
