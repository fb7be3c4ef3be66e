import { ActionIcon, Checkbox, Table } from '@mantine/core';
import { IconRotate } from '@tabler/icons-react';
import { type KeyboardEvent, memo, useEffect, useState } from 'react';
import type { LabResultRow } from '@sapwood/contracts';
import { NumericInput } from '../../components/ui/NumericInput';

export type ResultValues = { sugar: number | null; starch: number | null; na: boolean };
export type ResultColumn = 'sugar' | 'starch';

export interface ResultRowActions {
  /** the row's current values, kept outside React state so typing re-renders only this row */
  changed: (id: number, v: ResultValues) => void;
  enter: (index: number, column: ResultColumn) => void;
  register: (index: number, column: ResultColumn, el: HTMLInputElement | null) => void;
  over: (id: number, column: ResultColumn, over: boolean) => void;
  remove: (row: LabResultRow) => void;
}

const above = (v: number | null, limit: number) => limit > 0 && v !== null && v > limit;

/** One row of the results dialog with its own state: Sample Number, Sample Type, Sugar, Starch, N/A, remove. */
export const ResultRow = memo(function ResultRow(props: {
  row: LabResultRow;
  index: number;
  sugarLimit: number;
  starchLimit: number;
  actions: ResultRowActions;
}) {
  const { row, index, sugarLimit, starchLimit, actions } = props;
  const [v, setV] = useState<ResultValues>({ sugar: row.sugar, starch: row.starch, na: row.na });
  const sugarOver = above(v.sugar, sugarLimit);
  const starchOver = above(v.starch, starchLimit);
  useEffect(() => actions.over(row.id, 'sugar', sugarOver), [actions, row.id, sugarOver]);
  useEffect(() => actions.over(row.id, 'starch', starchOver), [actions, row.id, starchOver]);
  useEffect(() => () => {
    actions.over(row.id, 'sugar', false);
    actions.over(row.id, 'starch', false);
  }, [actions, row.id]);

  const set = (patch: Partial<ResultValues>) => {
    const next = { ...v, ...patch };
    setV(next);
    actions.changed(row.id, next);
  };
  const onKey = (column: ResultColumn) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      actions.enter(index, column);
    }
  };
  return (
    <Table.Tr data-testid={`result-row-${index}`}>
      <Table.Td fz="sm">{row.sampleNumber}</Table.Td>
      <Table.Td fz="sm" c="dimmed">{row.organName}</Table.Td>
      {(['sugar', 'starch'] as const).map((col) => (
        <Table.Td key={col} w={130}>
          <NumericInput
            size="xs"
            value={v[col]}
            decimals={2}
            disabled={v.na}
            error={(col === 'sugar' ? sugarOver : starchOver) || undefined}
            data-over={(col === 'sugar' ? sugarOver : starchOver) ? 'true' : 'false'}
            aria-label={`${col} ${row.sampleNumber}`}
            data-testid={`result-${index}-${col}`}
            ref={(el) => actions.register(index, col, el)}
            onChange={(n) => set({ [col]: n })}
            onKeyDown={onKey(col)}
          />
        </Table.Td>
      ))}
      <Table.Td w={50}>
        <Checkbox size="xs" checked={v.na} aria-label={`N/A ${row.sampleNumber}`} data-testid={`result-${index}-na`}
          onChange={(e) => set({ na: e.currentTarget.checked })} />
      </Table.Td>
      <Table.Td w={40}>
        <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Redo sample ${row.sampleNumber}`} data-testid={`result-${index}-remove`}
          onClick={() => actions.remove(row)}>
          <IconRotate size={14} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});
