import type { ColumnDef } from '@tanstack/react-table';
import type { LabSubmissionRow } from '@sapwood/contracts';
import { useMemo } from 'react';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { formatDateTime } from '../../lib/format';
import { type SubmissionKind, endpointsOf } from './kind';
import { History } from './WaitingTab';

export type StateTabName = 'results' | 'completed' | 'archived';

/**
 * The Results, Completed and Archived tabs' table (spec part 2 §2): Id, Client (Farm), Samples, Submitted On
 * (Completed On on the Completed tab), Prepared By, and the row's history. The rows' actions (archive and
 * restore, results, print, docs, reports, posting) come with manual result entry and the reports.
 */
export function StateTab({ kind, tab }: { kind: SubmissionKind; tab: StateTabName }) {
  const ep = endpointsOf(kind);
  const columns = useMemo<ColumnDef<LabSubmissionRow, unknown>[]>(() => [
    { id: 'id', header: () => 'Id', enableSorting: false, accessorKey: 'id', size: 60 },
    { id: 'clientName', header: 'Client (Farm)', cell: ({ row }) => `${row.original.clientName} (${row.original.farmName})` },
    { id: 'samples', header: () => 'Samples', enableSorting: false, cell: ({ row }) => `${row.original.samples}${kind === 'leaf' && row.original.crop.length ? ` · ${row.original.crop.join(', ')}` : ''}` },
    tab === 'completed'
      ? { id: 'completed', header: () => 'Completed On', enableSorting: false, cell: ({ row }) => formatDateTime(row.original.completed) }
      : { id: 'submitted', header: 'Submitted On', cell: ({ row }) => formatDateTime(row.original.submitted) },
    { id: 'submittedBy', header: () => 'Prepared By', enableSorting: false, accessorKey: 'submittedBy' },
    { id: 'actions', header: () => 'Actions', enableSorting: false, size: 70, cell: ({ row }) => <History row={row.original} /> },
  ], [kind, tab]);
  return (
    <PagedTable
      key={tab}
      endpoint={ep[tab]}
      columns={columns}
      rowId={(r) => r.id}
      keyset
      searchPlaceholder="Start of client or farm"
      testId={`${tab}-table`}
    />
  );
}
