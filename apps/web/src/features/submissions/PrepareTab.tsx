import { ActionIcon, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPlayerPlay, IconPlus, IconX } from '@tabler/icons-react';
import { type PendingRow, type PrepareData, SUBMISSION_MESSAGES as M, apiFeatures } from '@sapwood/contracts';
import { useState } from 'react';
import { useConfirm } from '../../components/ui/confirm';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { useCan } from '../../lib/session';
import { type SubmissionKind, endpointsOf } from './kind';
import { PrepareDialog, newDraftData } from './PrepareDialog';

/**
 * The Prepare tab: the Not Completed entries grouped by day, client and farm (Day, Client, Farm, Samples,
 * Crops for leaf, Latest entry), with New, prepare (the Prepare Submission dialog from the group's entries;
 * 'Failed to prepare submission.' when that fails) and delete (archives the group's entries, after asking).
 */
export function PrepareTab({ kind }: { kind: SubmissionKind }) {
  const ep = endpointsOf(kind);
  const can = useCan();
  const confirm = useConfirm();
  const pending = useEndpointQuery(ep.pending, {});
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
  const remove = async (row: PendingRow) => {
    if (!(await confirm(M.deleteConfirm(row.clientName), 'Delete'))) return;
    if (kind === 'leaf') archiveLeafs.mutate({ ids: row.dataIds });
    else archiveSoil.mutate({ ids: row.dataIds });
  };
  const rows = pending.data ?? [];
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">{pending.isError ? 'Error loading table data' : `${rows.length} pending group${rows.length === 1 ? '' : 's'}`}</Text>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setDraft(newDraftData(kind))} data-testid="prepare-new">New</Button>
      </Group>
      <Table striped highlightOnHover withTableBorder fz="sm" data-testid="pending-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day</Table.Th><Table.Th>Client</Table.Th><Table.Th>Farm</Table.Th><Table.Th>Samples</Table.Th>
            {kind === 'leaf' && <Table.Th>Crops</Table.Th>}
            <Table.Th>Latest entry</Table.Th><Table.Th w={90}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.dataIds.join(',')} data-testid="pending-row">
              <Table.Td>{r.date}</Table.Td><Table.Td>{r.clientName}</Table.Td><Table.Td>{r.farmName}</Table.Td><Table.Td>{r.samples}</Table.Td>
              {kind === 'leaf' && <Table.Td>{r.crops}</Table.Td>}
              <Table.Td>{formatDateTime(r.latest)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="prepare">
                    <ActionIcon variant="subtle" aria-label={`prepare ${r.clientName} ${r.date}`} loading={prepare.isPending && prepare.variables?.testDataIds === r.dataIds}
                      onClick={() => prepare.mutate({ testDataIds: r.dataIds })}><IconPlayerPlay size={16} /></ActionIcon>
                  </Tooltip>
                  {mayDelete && (
                    <Tooltip label="delete">
                      <ActionIcon variant="subtle" color="red" aria-label={`delete ${r.clientName} ${r.date}`} onClick={() => void remove(r)}><IconX size={16} /></ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {!pending.isLoading && rows.length === 0 && (
            <Table.Tr><Table.Td colSpan={7}><Text size="sm" c="dimmed">Nothing waits to be submitted.</Text></Table.Td></Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {draft && <PrepareDialog kind={kind} initial={draft} onClose={() => setDraft(null)} />}
    </>
  );
}
