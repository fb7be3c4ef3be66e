import { Button, Table, Text } from '@mantine/core';
import type { LabResultView, LabSubmissionRow } from '@sapwood/contracts';
import { MANUAL_ENTRY_MESSAGES as M } from '@sapwood/contracts';
import { useEffect, useMemo } from 'react';
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
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i} data-testid="lab-result-row">
              <Table.Td>{r.labNumber}</Table.Td>
              <Table.Td>{r.sampleReference}</Table.Td>
              {r.values.map((v, j) => (r.flags[j]
                // an outside lab's value out of its bounds: shown with its flag, never silently
                ? <Table.Td key={columns[j].code} ta="right" c="red" title={r.flags[j]!} data-flag={r.flags[j]!} data-testid="lab-result-flagged">{v ?? ''} ⚑</Table.Td>
                : <Table.Td key={columns[j].code} ta="right">{v ?? ''}</Table.Td>))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Lab Result: the read-only result of each sample of a submission (value and unit; an outside lab's value out of
 * its bounds in red with ⚑ and its flag as the title), with Export CSV (data.csv, made here).
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
          <ResultTable view={view} />
        </>
      )}
    </QueryDialog>
  );
}
