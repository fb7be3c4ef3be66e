import { Text } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { type RefusedCapture, apiFeatures } from '@sapwood/contracts';
import { actionsColumn } from '../../components/ui/table/ListPage';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { agentWithAgronomist, formatDateTime } from '../../lib/format';
import type { CaptureKind } from './LeafJsonDialog';

/** How a refused capture is named on its row and in its json dialog: its sample number, else the capture app's id. */
export const refusedName = (r: RefusedCapture) => r.sampleNumber || r.key;

/**
 * The Refused tab of /leafs and /farmerssampleentries: the captures a sync could not import, each with its
 * reason and what it says (its original payload in the json dialog), paged, searched and sorted like the
 * other tabs; a capture leaves it when a later sync accepts it.
 */
export function RefusedCapturesTable({ kind, toolbar, onJson }: { kind: CaptureKind; toolbar?: ReactNode; onJson: (r: RefusedCapture) => void }) {
  const endpoint = kind === 'leaf' ? apiFeatures.leafs.refused : apiFeatures.farmersSamples.refused;
  const columns = useMemo<ColumnDef<RefusedCapture, unknown>[]>(() => [
    { id: 'key', header: 'Capture', accessorKey: 'key', size: 110 },
    { id: 'sampleNumber', header: 'Sample Number', accessorKey: 'sampleNumber' },
    { id: 'clientName', header: 'Client (Farm)', cell: ({ row }) => `${row.original.clientName} (${row.original.farmName})` },
    { id: 'block', header: () => 'Block', enableSorting: false, accessorKey: 'blockNumber', size: 70 },
    { id: 'agent', header: () => 'Agent (Agronomist)', enableSorting: false, cell: ({ row }) => agentWithAgronomist(row.original.agent, row.original.agronomist) },
    { id: 'reason', header: () => 'Reason', enableSorting: false, cell: ({ row }) => <Text span size="sm" c="red.8" data-testid="refused-reason">{row.original.reason}</Text> },
    { id: 'inserted', header: 'Date Synced', cell: ({ row }) => formatDateTime(row.original.inserted) },
    { id: 'appAdded', header: 'Date Captured', cell: ({ row }) => formatDateTime(row.original.appAdded) },
    actionsColumn<RefusedCapture>([{ label: 'json', icon: IconBraces, name: (r) => `json of ${refusedName(r)}`, onClick: onJson }], { size: 70, iconSize: 16 }),
  ], [onJson]);

  return (
    <PagedTable
      endpoint={endpoint}
      columns={columns}
      keyset
      searchPlaceholder="Start of sample, client, farm or block"
      testId="refused-table"
      toolbar={toolbar}
    />
  );
}
