import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPlayerPlay, IconPlus, IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { type PendingRow, type PrepareData, SUBMISSION_MESSAGES as M, apiFeatures } from '@sapwood/contracts';
import { useMemo, useState } from 'react';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { formatDate, formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { type SubmissionKind, endpointsOf } from './kind';
import { PrepareDialog, newDraftData } from './PrepareDialog';

/**
 * The Prepare tab: the Not Completed entries grouped by day, client and farm (Day, Client, Farm, Samples,
 * Crops for leaf, Latest entry), the newest day first, paged, searched and sorted like every list (by keys:
 * there may be a million entries), with New, prepare (the Prepare Submission dialog from the group's entries;
 * 'Failed to prepare submission.' when that fails) and delete (archives the group's entries, after asking).
 */
export function PrepareTab({ kind }: { kind: SubmissionKind }) {
  const ep = endpointsOf(kind);
  const can = useCan();
  const confirm = useConfirm();
  const [draft, setDraft] = useState<PrepareData | null>(null);
  const prepare = useEndpointMutation(ep.prepare, {
    invalidates: [],
    onSuccess: (data) => setDraft(data),
    onError: () => notify.error(M.prepareFailed),
  });
  const done = { onSuccess: () => notify.success('Successfully'), onError: () => notify.error('Failed') };
  const archiveLeafs = useEndpointMutation(apiFeatures.submissions.archiveLeafs, { invalidates: [ep.pending], ...done });
  const archiveSoil = useEndpointMutation(apiFeatures.farmersSamples.archiveFarmersSample, { invalidates: [ep.pending], ...done });
  const mayDelete = kind === 'leaf' || can('FarmersSampleEntries');
  const { mutate: prepareGroup, isPending: preparing, variables: preparingFor } = prepare;
  const { mutate: archiveLeafGroup } = archiveLeafs;
  const { mutate: archiveSoilGroup } = archiveSoil;

  const columns = useMemo<ColumnDef<PendingRow, unknown>[]>(() => {
    const remove = async (row: PendingRow) => {
      if (!(await confirm(M.deleteConfirm(row.clientName), 'Delete'))) return;
      if (kind === 'leaf') archiveLeafGroup({ ids: row.dataIds });
      else archiveSoilGroup({ ids: row.dataIds });
    };
    const label = (r: PendingRow) => `${r.clientName} ${formatDate(r.date)}`;
    return [
      { id: 'date', header: 'Day', cell: ({ row }) => formatDate(row.original.date), size: 100 },
      { id: 'clientName', header: 'Client', accessorKey: 'clientName' },
      { id: 'farmName', header: 'Farm', accessorKey: 'farmName' },
      { id: 'samples', header: 'Samples', accessorKey: 'samples', size: 80 },
      ...(kind === 'leaf' ? [{ id: 'crops', header: () => 'Crops', enableSorting: false, accessorKey: 'crops' } satisfies ColumnDef<PendingRow, unknown>] : []),
      { id: 'latest', header: 'Latest entry', cell: ({ row }) => formatDateTime(row.original.latest), size: 140 },
      {
        id: 'actions', header: () => 'Actions', enableSorting: false, size: 90,
        cell: ({ row: { original: r } }) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="prepare">
              <ActionIcon variant="subtle" aria-label={`prepare ${label(r)}`} loading={preparing && preparingFor?.testDataIds === r.dataIds}
                onClick={() => prepareGroup({ testDataIds: r.dataIds })}><IconPlayerPlay size={16} /></ActionIcon>
            </Tooltip>
            {mayDelete && (
              <Tooltip label="delete">
                <ActionIcon variant="subtle" color="red" aria-label={`delete ${label(r)}`} onClick={() => void remove(r)}><IconX size={16} /></ActionIcon>
              </Tooltip>
            )}
          </Group>
        ),
      },
    ];
  }, [kind, confirm, mayDelete, preparing, preparingFor, prepareGroup, archiveLeafGroup, archiveSoilGroup]);

  const toolbar = <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setDraft(newDraftData(kind))} data-testid="prepare-new">New</Button>;
  return (
    <>
      <PagedTable endpoint={ep.pending} columns={columns} rowId={(r) => r.id} keyset searchPlaceholder="Start of client or farm" testId="pending-table" rowTestId="pending-row" toolbar={toolbar} />
      {draft && <PrepareDialog kind={kind} initial={draft} onClose={() => setDraft(null)} />}
    </>
  );
}
