import { Button, Table, Text } from '@mantine/core';
import type { LabResultView, LabSubmissionRow } from '@sapwood/contracts';
import { MANUAL_ENTRY_MESSAGES as M } from '@sapwood/contracts';
import { useEffect, useMemo } from 'react';
import { formatDateTime } from '../../lib/format';
import { useEndpointQuery } from '../../lib/query';
import { type SubmissionKind, resultEndpointsOf } from './kind';
import { LAB_RESULT_CSV_NAME, columnHeading, labResultCsv, labResultTable } from './labResultTable';
import { QueryDialog } from './QueryDialog';

/** The link of a browser-made file, released when the dialog closes or the answer changes. */
function useCsvUrl(view: LabResultView | undefined): string | undefined {
  const url = useMemo(() => (view ? URL.createObjectURL(new Blob([labResultCsv(view)], { type: 'text/csv' })) : undefined), [view]);
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);
  return url;
}

type LabTable = ReturnType<typeof labResultTable>;

/**
 * A sample's value cells; an outside lab's value out of its bounds is shown with its flag, never silently; a sample
 * without values says why across them (N/A, waiting for its lab, its order refused…).
 */
function ValueCells({ columns, row }: { columns: LabTable['columns']; row: LabTable['rows'][number] }) {
  if (row.noResult) {
    return <Table.Td colSpan={Math.max(1, columns.length)} c="dimmed" fs="italic" data-testid="lab-result-no-result">{row.noResult}</Table.Td>;
  }
  return row.values.map((v, j) => (row.flags[j]
    ? <Table.Td key={columns[j].code} ta="right" c="red" title={row.flags[j]!} data-flag={row.flags[j]!} data-testid="lab-result-flagged">{v ?? ''} ⚑</Table.Td>
    : <Table.Td key={columns[j].code} ta="right">{v ?? ''}</Table.Td>));
}

function ResultTable({ view }: { view: LabResultView }) {
  const { columns, rows } = useMemo(() => labResultTable(view), [view]);
  if (rows.length === 0) return <Text size="sm" data-testid="no-lab-results">{M.noResults}</Text>;
  return (
    <Table.ScrollContainer minWidth={300 + columns.length * 80} type="native">
      <Table striped withTableBorder fz="xs" data-testid="lab-result-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lab Number</Table.Th>
            <Table.Th>Sample</Table.Th>
            {columns.map((c) => <Table.Th key={c.code} style={{ whiteSpace: 'nowrap' }}>{columnHeading(c)}</Table.Th>)}
            {columns.length === 0 && <Table.Th>Result</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i} data-testid="lab-result-row">
              <Table.Td>{r.labNumber}</Table.Td>
              <Table.Td>{r.sampleReference}</Table.Td>
              <ValueCells columns={columns} row={r} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The samples the lab returned that match no row: kept with their lab number, values, reason and when. */
function UnmatchedTable({ view }: { view: LabResultView }) {
  const { columns, rows } = useMemo(() => labResultTable({ ...view, sampleData: view.unmatched }), [view]);
  if (rows.length === 0) return null;
  return (
    <>
      <Text size="sm" fw={500} mt="md" c="orange.8">Returned by {view.lab_name}, matching no sample of this submission</Text>
      <Table.ScrollContainer minWidth={500 + columns.length * 80} type="native">
        <Table striped withTableBorder fz="xs" data-testid="unmatched-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Lab Number</Table.Th><Table.Th>Sample</Table.Th><Table.Th>Why</Table.Th><Table.Th>Received</Table.Th>
              {columns.map((c) => <Table.Th key={c.code} style={{ whiteSpace: 'nowrap' }}>{columnHeading(c)}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={i} data-testid="unmatched-row">
                <Table.Td>{r.labNumber}</Table.Td><Table.Td>{r.sampleReference}</Table.Td>
                <Table.Td>{view.unmatched[i].reason}</Table.Td><Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(view.unmatched[i].received_at)}</Table.Td>
                <ValueCells columns={columns} row={r} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/**
 * Lab Result: the read-only result of each sample of a submission (value and unit; its own lab order's only; an
 * outside lab's value out of its bounds in red with ⚑ and its flag as the title; a sample without values with why),
 * with Export CSV (data.csv, made here); the order's refusal or failure, and the samples the lab returned that match no row.
 */
export function LabResultDialog({ kind, row, onClose }: { kind: SubmissionKind; row: LabSubmissionRow; onClose: () => void }) {
  const query = useEndpointQuery(resultEndpointsOf(kind).getResults, { id: row.id });
  const csv = useCsvUrl(query.data);
  return (
    <QueryDialog
      title="Lab Result"
      size="80rem"
      onClose={onClose}
      query={query}
      failed="Could not load the lab result"
      action={<Button component="a" href={csv} download={LAB_RESULT_CSV_NAME} disabled={!csv} data-testid="export-csv">Export CSV</Button>}
    >
      {(view) => (
        <>
          <Text size="sm" mb="xs" data-testid="lab-name">Lab: {view.lab_name} · {row.clientName} ({row.farmName})</Text>
          {view.error && <Text size="sm" mb="xs" c="red" data-testid="lab-error">{view.error}</Text>}
          <ResultTable view={view} />
          <UnmatchedTable view={view} />
        </>
      )}
    </QueryDialog>
  );
}
