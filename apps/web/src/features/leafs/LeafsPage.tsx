import { ActionIcon, Alert, Button, Group, Select, Tabs, Text, Tooltip } from '@mantine/core';
import { IconBraces, IconRefresh, IconRestore, IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type CaptureSyncResult, LEAF_LABS, LEAF_MESSAGES, type LeafRecord, apiFeatures, captureSyncSummary } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { LeafJsonDialog } from './LeafJsonDialog';

const ep = apiFeatures.leafs;
type Tab = 'notcompleted' | 'completed' | 'archived';
const TABS: { value: Tab; label: string; endpoint: typeof ep.notCompleted }[] = [
  { value: 'notcompleted', label: 'Not Completed', endpoint: ep.notCompleted },
  { value: 'completed', label: 'Completed', endpoint: ep.completed },
  { value: 'archived', label: 'Archived', endpoint: ep.archived },
];

/**
 * /leafs: the leaf captures by state (Not Completed, Completed, Archived), Sync from the field capture app
 * with its report, and per row the json dialog, the lab (Not Completed), archive and restore.
 */
export default function LeafsPage() {
  const confirm = useConfirm();
  const [params, setParams] = useSearchParams();
  const tab = (TABS.find((t) => t.value === params.get('tab'))?.value ?? 'notcompleted') as Tab;
  const [last, setLast] = useState<CaptureSyncResult | null>(null);
  const [json, setJson] = useState<LeafRecord | null>(null);
  const done = { onSuccess: () => notify.success(LEAF_MESSAGES.success), onError: () => notify.error(LEAF_MESSAGES.failed) };
  const sync = useEndpointMutation(ep.sync, {
    invalidates: [ep],
    onSuccess: (r) => {
      setLast(r);
      if (r.ok) notify.success(`Synced: ${captureSyncSummary(r)}`);
      else notify.error(r.error ?? LEAF_MESSAGES.failed);
    },
  });
  const archive = useEndpointMutation(ep.archive, { invalidates: [ep], ...done });
  const updateLab = useEndpointMutation(ep.updateLab, { invalidates: [ep], ...done });

  const columns = useMemo<ColumnDef<LeafRecord, unknown>[]>(() => {
    const move = async (r: LeafRecord, toArchive: boolean) => {
      if (await confirm(toArchive ? LEAF_MESSAGES.archiveConfirm : LEAF_MESSAGES.restoreConfirm, toArchive ? 'Archive' : 'Restore')) archive.mutate({ id: r.id, archive: toArchive });
    };
    return [
      {
        id: 'lab', header: 'Lab', size: 130,
        cell: ({ row }) => tab !== 'notcompleted' ? row.original.lab : (
          <Select size="xs" data={[...LEAF_LABS]} value={row.original.lab || null} allowDeselect={false} aria-label={`Lab of ${row.original.sampleNumber}`}
            comboboxProps={{ withinPortal: true }} onChange={(v) => v && updateLab.mutate({ testLeafDataId: row.original.id, lab: v as (typeof LEAF_LABS)[number] })} />
        ),
      },
      { id: 'sampleNumber', header: 'Sample Number', accessorKey: 'sampleNumber' },
      { id: 'crop', header: () => 'Crop', enableSorting: false, accessorFn: (r) => r.crop ?? '' },
      { id: 'clientName', header: 'Client (Farm)', cell: ({ row }) => `${row.original.clientName} (${row.original.farmName})` },
      { id: 'block', header: () => 'Block', enableSorting: false, accessorKey: 'blockNumber', size: 70 },
      { id: 'agent', header: () => 'Agent (Agronomist)', enableSorting: false, cell: ({ row }) => `${row.original.agent} (${row.original.agronomist})` },
      { id: 'inserted', header: 'Date Synced', cell: ({ row }) => formatDateTime(row.original.inserted) },
      { id: 'appAdded', header: 'Date Captured', cell: ({ row }) => formatDateTime(row.original.appAdded) },
      {
        id: 'actions', header: () => 'Actions', enableSorting: false, size: 90,
        cell: ({ row }) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="json"><ActionIcon variant="subtle" aria-label={`json of ${row.original.sampleNumber}`} onClick={() => setJson(row.original)}><IconBraces size={16} /></ActionIcon></Tooltip>
            {tab === 'notcompleted' && <Tooltip label="Archive"><ActionIcon variant="subtle" color="red" aria-label={`Archive ${row.original.sampleNumber}`} onClick={() => void move(row.original, true)}><IconX size={16} /></ActionIcon></Tooltip>}
            {tab === 'archived' && <Tooltip label="Restore"><ActionIcon variant="subtle" aria-label={`Restore ${row.original.sampleNumber}`} onClick={() => void move(row.original, false)}><IconRestore size={16} /></ActionIcon></Tooltip>}
          </Group>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab, confirm]);

  const current = TABS.find((t) => t.value === tab) ?? TABS[0];
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
      <Tabs value={tab} onChange={(t) => setParams((prev) => {
        const next = new URLSearchParams();
        if (t && t !== 'notcompleted') next.set('tab', t);
        void prev;
        return next;
      })}>
        <Tabs.List mb="xs">
          {TABS.map((t) => <Tabs.Tab key={t.value} value={t.value} data-testid={`tab-${t.value}`}>{t.label}</Tabs.Tab>)}
        </Tabs.List>
      </Tabs>
      <PagedTable
        key={tab}
        endpoint={current.endpoint}
        columns={columns}
        rowId={(r) => r.id}
        searchPlaceholder="Sample, client, farm, block or crop"
        testId="leafs-table"
        toolbar={
          <Button size="xs" leftSection={<IconRefresh size={14} />} loading={sync.isPending} onClick={() => sync.mutate({})} data-testid="leaf-sync">
            Sync
          </Button>
        }
      />
      <LeafJsonDialog row={json} onClose={() => setJson(null)} />
    </>
  );
}
