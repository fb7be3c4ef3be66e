import { Table } from '@mantine/core';
import { memo } from 'react';
import type { LabResultRow } from '@sapwood/contracts';
import { ResultRow, type ResultRowActions, type ResultsLive } from '../ResultRow';

/** The rows of the table; memoized, so the dialog re-rendering (its form's state after a row is saved) does not walk them. */
const ResultRows = memo(function ResultRows(props: {
  ids: { id: number }[];
  live: ResultsLive;
  info: Map<number, LabResultRow>;
  sugarLimit: number;
  starchLimit: number;
  actions: ResultRowActions;
}) {
  const { ids, live, info, sugarLimit, starchLimit, actions } = props;
  return (
    <Table.Tbody>
      {ids.map((f, i) => (
        <ResultRow key={f.id} live={live} row={info.get(f.id)!} index={i} sugarLimit={sugarLimit} starchLimit={starchLimit} actions={actions} />
      ))}
    </Table.Tbody>
  );
});

const head = (label: string, count: number, limit: number | undefined) => (count > 0 && limit ? `${label} (Max limit is ${limit})` : label);
/** a limit's head wraps rather than cut the limit off ('Sugar (Max li…'): the grid's cells keep to one line */
const LIMIT_HEAD = { whiteSpace: 'normal' } as const;

/**
 * The results table: Sample Number, Sample Type, Sugar, Starch, N/A, Status and redo. A column's head names its
 * limit while a value in it is over that limit (`over` counts them).
 * Memoized: the dialog re-renders on every row save (its mutation's state), and a render of Mantine's Table
 * gives its context a new value, which re-renders every cell of every row (measured: most of the time from
 * Enter to the next frame, bench:entry).
 */
export const ResultsTable = memo(function ResultsTable({ ids, live, info, limits, over, actions }: {
  ids: { id: number }[];
  live: ResultsLive;
  info: Map<number, LabResultRow>;
  limits: { sugarLimit: number; starchLimit: number };
  over: { sugar: number; starch: number };
  actions: ResultRowActions;
}) {
  return (
    <Table striped withTableBorder className="sw-grid" data-testid="results-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="22%">Sample Number</Table.Th>
          <Table.Th w="15%">Sample Type</Table.Th>
          <Table.Th w="16%" style={LIMIT_HEAD} title={head('Sugar', over.sugar, limits.sugarLimit)} data-testid="results-head-sugar">{head('Sugar', over.sugar, limits.sugarLimit)}</Table.Th>
          <Table.Th w="16%" style={LIMIT_HEAD} title={head('Starch', over.starch, limits.starchLimit)} data-testid="results-head-starch">{head('Starch', over.starch, limits.starchLimit)}</Table.Th>
          <Table.Th w="5%">N/A</Table.Th>
          <Table.Th w="18%">Status</Table.Th>
          {/* the redo button's own width (and its cell's padding): a share of the width left it a stray '…' */}
          <Table.Th w={50} />
        </Table.Tr>
      </Table.Thead>
      <ResultRows ids={ids} live={live} info={info} sugarLimit={limits.sugarLimit} starchLimit={limits.starchLimit} actions={actions} />
    </Table>
  );
});
