import { Alert, Button, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { type CaptureSyncResult, type LeafRecord, apiFeatures, captureSyncSummary } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';

const ep = apiFeatures.leafs;

const COLUMNS: ColumnDef<LeafRecord, unknown>[] = [
  { id: 'lab', header: 'Lab', accessorKey: 'lab', size: 90 },
  { id: 'sampleNumber', header: 'Sample Number', accessorKey: 'sampleNumber' },
  { id: 'crop', header: () => 'Crop', enableSorting: false, accessorFn: (r) => r.crop ?? '' },
  { id: 'clientName', header: 'Client (Farm)', cell: ({ row }) => `${row.original.clientName} (${row.original.farmName})` },
  { id: 'block', header: () => 'Block', enableSorting: false, accessorKey: 'blockNumber', size: 70 },
  { id: 'agent', header: () => 'Agent (Agronomist)', enableSorting: false, cell: ({ row }) => `${row.original.agent} (${row.original.agronomist})` },
  { id: 'inserted', header: 'Date Synced', cell: ({ row }) => formatDateTime(row.original.inserted) },
  { id: 'appAdded', header: 'Date Captured', cell: ({ row }) => formatDateTime(row.original.appAdded) },
];

/**
 * /leafs (first part): the leaf captures not yet submitted, and Sync, which pulls new captures from the field
 * capture app and says how many were new, updated and refused (with the refused captures' reasons).
 */
export default function LeafsPage() {
  const [last, setLast] = useState<CaptureSyncResult | null>(null);
  const sync = useEndpointMutation(ep.sync, {
    invalidates: [ep],
    onSuccess: (r) => {
      setLast(r);
      if (r.ok) notify.success(`Synced: ${captureSyncSummary(r)}`);
      else notify.error(r.error ?? 'Failed');
    },
  });
  return (
    <>
      <PageTitle />
      {last && (!last.ok || last.refused > 0) && (
        <Alert color={last.ok ? 'yellow' : 'red'} p="xs" mb="xs" withCloseButton onClose={() => setLast(null)} data-testid="leaf-sync-report">
          {last.ok ? (
            <>
              <Text size="sm">{last.refused} captures could not be imported and are kept with their reason:</Text>
              {last.refusedCaptures.map((c) => <Text key={c.key} size="xs">{c.key}: {c.reason}</Text>)}
            </>
          ) : <Text size="sm">{last.error}</Text>}
        </Alert>
      )}
      <PagedTable
        endpoint={ep.notCompleted}
        columns={COLUMNS}
        rowId={(r) => r.id}
        searchPlaceholder="Sample, client, farm, block or crop"
        testId="leafs-table"
        toolbar={
          <Button size="xs" leftSection={<IconRefresh size={14} />} loading={sync.isPending} onClick={() => sync.mutate({})} data-testid="leaf-sync">
            Sync
          </Button>
        }
      />
    </>
  );
}
