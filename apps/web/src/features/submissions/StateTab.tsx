import { Button, Checkbox, Group, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFiles } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { LabSubmissionRow } from '@sapwood/contracts';
import { useCallback, useMemo, useState } from 'react';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { endpointUrl } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { FilesDialog } from './FilesDialog';
import { type SubmissionKind, endpointsOf, resultEndpointsOf } from './kind';
import { LabResultDialog } from './LabResultDialog';
import { LabResultsDialog } from './LabResultsDialog';
import { usePostToMfw } from './PostToMfw';
import { Unmatched } from './Unmatched';
import { rowError } from './rowError';
import { ReportFlow } from './report/ReportFlow';
import { type RowDialog, RowActions, type StateTabName, useStateChanges } from './StateActions';

export type { StateTabName } from './StateActions';

const STATE_OF = { results: 'Results', completed: 'Completed', archived: 'Archived' } as const;
type Row = LabSubmissionRow;

/** The chosen rows of a tab, kept across its pages (by id, with the row as last seen). */
function useRowSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<number, Row>>(new Map());
  const set = useCallback((rows: Row[], on: boolean) => setSelected((prev) => {
    const next = new Map(prev);
    for (const r of rows) {
      if (on) next.set(r.id, r);
      else next.delete(r.id);
    }
    return next;
  }), []);
  const drop = useCallback((id: number) => setSelected((prev) => {
    if (!prev.has(id)) return prev;
    const next = new Map(prev);
    next.delete(id);
    return next;
  }), []);
  return { selected, set, drop };
}

/**
 * The Results, Completed and Archived tabs' one table (spec part 2 §2): select, Id, Client (Farm), Samples,
 * Submitted On (Completed On on the Completed tab, which adds Posted: when it went to the farm-management
 * system), Prepared By and the row's actions. Above it Export (the chosen rows' results as Excel, or every row of
 * the tab's state when none is chosen) and, with more than one row chosen, Combine Reports. A row with an error (its
 * lab gives its work order to another lab job, or does not know it: nothing more is read) is red and shows it, as on Waiting for Lab.
 */
export function StateTab({ kind, tab }: { kind: SubmissionKind; tab: StateTabName }) {
  // a tab of its own: its choice of rows and open dialog start afresh
  return <StateTable key={`${kind}-${tab}`} kind={kind} tab={tab} />;
}

type Selection = ReturnType<typeof useRowSelection>;

/** The check box column: a row, or in its header the whole page. */
function selectColumn(pageRows: Row[], selected: Selection['selected'], set: Selection['set']): ColumnDef<Row, unknown> {
  const allOnPage = pageRows.length > 0 && pageRows.every((r) => selected.has(r.id));
  const someOnPage = pageRows.some((r) => selected.has(r.id));
  return {
    id: 'select', enableSorting: false, size: 40,
    header: () => <Checkbox size="xs" aria-label="Select the page" checked={allOnPage} indeterminate={someOnPage && !allOnPage} onChange={(e) => set(pageRows, e.currentTarget.checked)} />,
    cell: ({ row: { original: r } }) => <Checkbox size="xs" aria-label={`Select ${r.id}`} checked={selected.has(r.id)} onChange={(e) => set([r], e.currentTarget.checked)} />,
  };
}

function StateTable({ kind, tab }: { kind: SubmissionKind; tab: StateTabName }) {
  const ep = endpointsOf(kind);
  const rep = resultEndpointsOf(kind);
  const can = useCan();
  const mayArchive = can('SubmissionsDelete');
  const { selected, set, drop } = useRowSelection();
  const changes = useStateChanges(kind, drop);
  const posting = usePostToMfw(kind);
  const { post } = posting;
  const onPost = useCallback((row: Row) => void post(row), [post]);
  const [pageRows, setPageRows] = useState<Row[]>([]);
  const [open, setOpen] = useState<{ dialog: RowDialog; row: Row } | null>(null);
  const [combining, setCombining] = useState(false);
  const onOpen = useCallback((dialog: RowDialog, row: Row) => setOpen({ dialog, row }), []);

  const columns = useMemo<ColumnDef<Row, unknown>[]>(() => {
    return [
      selectColumn(pageRows, selected, set),
      { id: 'id', header: () => 'Id', enableSorting: false, accessorKey: 'id', size: 60 },
      { id: 'clientName', header: 'Client (Farm)', cell: ({ row }) => `${row.original.clientName} (${row.original.farmName})` },
      {
        id: 'samples', header: () => 'Samples', enableSorting: false,
        cell: ({ row }) => (
          <>
            {`${row.original.samples}${kind === 'leaf' && row.original.crop.length ? ` · ${row.original.crop.join(', ')}` : ''}`}
            <Unmatched row={row.original} />
          </>
        ),
      },
      ...(tab === 'completed'
        ? [
          { id: 'completed', header: () => 'Completed On', enableSorting: false, cell: ({ row }) => formatDateTime(row.original.completed) },
          { id: 'posted', header: () => 'Posted', enableSorting: false, cell: ({ row }) => formatDateTime(row.original.postedToMfwDate) },
        ] satisfies ColumnDef<Row, unknown>[]
        : [{ id: 'submitted', header: 'Submitted On', cell: ({ row }) => formatDateTime(row.original.submitted) }] satisfies ColumnDef<Row, unknown>[]),
      { id: 'submittedBy', header: () => 'Prepared By', enableSorting: false, accessorKey: 'submittedBy' },
      {
        id: 'actions', header: () => 'Actions', enableSorting: false, size: 150,
        cell: ({ row }) => <RowActions row={row.original} tab={tab} changes={changes} mayArchive={mayArchive} onOpen={onOpen} onPost={onPost} />,
      },
    ];
  }, [kind, tab, pageRows, selected, set, changes, mayArchive, onOpen, onPost]);

  const ids = [...selected.keys()];
  const exportUrl = endpointUrl(rep.exportResults, { state: STATE_OF[tab], ids: ids.length ? ids.join(',') : undefined });
  const toolbar = (
    <Group gap="xs" wrap="nowrap">
      {ids.length > 0 && <Text size="sm" c="dimmed" data-testid="selected-count">{ids.length} selected</Text>}
      {ids.length > 1 && (
        <Button size="xs" variant="light" leftSection={<IconFiles size={14} />} onClick={() => setCombining(true)} data-testid="combine-reports">Combine Reports</Button>
      )}
      <Button size="xs" variant="light" color="green" component="a" href={exportUrl} download leftSection={<IconFileSpreadsheet size={14} />} data-testid="export-results">
        Export
      </Button>
    </Group>
  );
  const close = useCallback(() => setOpen(null), []);
  const closeCombined = useCallback(() => setCombining(false), []);
  return (
    <>
      <PagedTable
        endpoint={ep[tab]}
        columns={columns}
        keyset
        searchPlaceholder="Start of client or farm"
        testId={`${tab}-table`}
        toolbar={toolbar}
        onRows={setPageRows}
        {...rowError}
      />
      {open?.dialog === 'results' && <LabResultDialog kind={kind} row={open.row} onClose={close} />}
      {open?.dialog === 'print' && <LabResultsDialog kind={kind} row={open.row} onClose={close} />}
      {open?.dialog === 'docs' && <FilesDialog kind={kind} row={open.row} onClose={close} />}
      {posting.dialog}
      {open?.dialog === 'report' && <ReportFlow kind={kind} ids={[open.row.id]} onClose={close} />}
      {combining && <ReportFlow kind={kind} ids={ids} onClose={closeCombined} />}
    </>
  );
}
