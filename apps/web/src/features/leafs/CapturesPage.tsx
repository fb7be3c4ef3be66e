import { ActionIcon, Group, Image, NativeSelect, Tabs, Text } from '@mantine/core';
import { IconBraces, IconCloudDownload, IconPhoto, IconRestore, IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type FarmersSampleEntry, LEAF_LABS, LEAF_MESSAGES, type LeafRecord, type RefusedCapture, apiFeatures, capturePhotoUrl } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { PageTitle } from '../../components/layout/PageTitle';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { RowIcon } from '../../components/ui/table/rowParts';
import { agentWithAgronomist, formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { CaptureResultsTable } from './CaptureResultsTable';
import { type CaptureKind, LeafJsonDialog } from './LeafJsonDialog';
import { RefusedCapturesTable, refusedName } from './RefusedCapturesTable';
import { SyncControls, SyncReport, useCaptureSync } from './SyncStatus';

type Row = LeafRecord & Partial<FarmersSampleEntry>;
type Tab = 'notcompleted' | 'completed' | 'results' | 'archived' | 'refused';
const TAB_LABELS: Record<Tab, string> = { notcompleted: 'Not Completed', completed: 'Completed', results: 'Results', archived: 'Archived', refused: 'Refused' };

/**
 * /leafs and /farmerssampleentries: the captures of a kind by state (Not Completed, Completed, Archived),
 * those a sync refused (Refused, with the reason), Sync from the field capture app with its report, and per
 * row the json dialog, the lab (leaf, Not Completed), archive and restore; completed farmers' entries show
 * their submission.
 */
export function CapturesPage({ kind }: { kind: CaptureKind }) {
  const ep = kind === 'leaf' ? apiFeatures.leafs : apiFeatures.farmersSamples;
  const endpoints = { notcompleted: ep.notCompleted, completed: ep.completed, archived: ep.archived } as Record<Exclude<Tab, 'results' | 'refused'>, typeof apiFeatures.leafs.notCompleted>;
  const [params, setParams] = useSearchParams();
  const can = useCan();
  // the Results tab only with its permission (LeafResults; FarmersSampleEntries on the farmers' screen); else Not Completed
  const tabs = (Object.keys(TAB_LABELS) as Tab[]).filter((t) => t !== 'results' || can(kind === 'leaf' ? 'LeafResults' : 'FarmersSampleEntries'));
  const tab: Tab = tabs.find((t) => t !== 'notcompleted' && t === params.get('tab')) ?? 'notcompleted';
  const [json, setJson] = useState<{ id: number; sampleNumber: string } | null>(null);
  const showJson = useCallback((r: RefusedCapture) => setJson({ id: r.id, sampleNumber: refusedName(r) }), []);
  const [photo, setPhoto] = useState<Row | null>(null);
  const sync = useCaptureSync(ep);
  const columns = useCaptureColumns(kind, tab, { onJson: setJson, onPhoto: setPhoto });

  return (
    <>
      <PageTitle />
      <SyncReport sync={sync} onShowRefused={tab === 'refused' ? undefined : () => setParams({ tab: 'refused' })} />
      {/* another tab starts its list afresh: no search, page or sort of the tab left */}
      <Tabs value={tab} onChange={(t) => setParams(t && t !== 'notcompleted' ? { tab: t } : {})}>
        <Tabs.List mb="xs">
          {tabs.map((t) => <Tabs.Tab key={t} value={t} data-testid={`tab-${t}`}>{TAB_LABELS[t]}</Tabs.Tab>)}
        </Tabs.List>
      </Tabs>
      {tab === 'results' && <CaptureResultsTable kind={kind} toolbar={<SyncControls sync={sync} />} />}
      {tab === 'refused' && <RefusedCapturesTable kind={kind} toolbar={<SyncControls sync={sync} />} onJson={showJson} />}
      {tab !== 'results' && tab !== 'refused' && <PagedTable
        key={tab}
        endpoint={endpoints[tab]}
        columns={columns}
        rowId={(r) => r.id}
        keyset
        searchPlaceholder="Start of sample, client, farm or block"
        testId="leafs-table"
        excelEndpoint={ep.pagedExcel}
        excelParams={{ status: ({ notcompleted: 'NotCompleted', completed: 'Completed', archived: 'Archived' } as const)[tab] }}
        toolbar={<SyncControls sync={sync} />}
      />}
      <LeafJsonDialog kind={kind} row={json} onClose={() => setJson(null)} />
      <AppDialog opened={photo !== null} onClose={() => setPhoto(null)} title={`Photo ${photo?.sampleNumber ?? ''}`} size="lg" data-testid="leaf-photo-dialog">
        {photo?.photoPath
          ? <Image src={capturePhotoUrl(photo.photoPath)} alt={`Photo of ${photo.sampleNumber}`} fit="contain" mah={480} data-testid="leaf-photo" />
          : <Text size="sm" c="dimmed">No photo yet. Use sync on the row to fetch it from the capture app.</Text>}
      </AppDialog>
    </>
  );
}

/**
 * The columns of a captures tab: the lab (a picker on leaf Not Completed), the capture's fields, the farmers'
 * submission once completed, and the row's actions (photo and its sync, json, archive, restore).
 */
function useCaptureColumns(kind: CaptureKind, tab: Tab, show: { onJson: (r: Row) => void; onPhoto: (r: Row) => void }) {
  const ep = kind === 'leaf' ? apiFeatures.leafs : apiFeatures.farmersSamples;
  const confirm = useConfirm();
  const syncPhoto = useEndpointMutation(apiFeatures.leafs.syncPhotoAndLocation, {
    invalidates: [ep],
    onSuccess: (r) => (r.ok ? notify.success(LEAF_MESSAGES.success) : notify.error(`${LEAF_MESSAGES.failed}: ${r.error ?? ''}`)),
    onError: () => notify.error(LEAF_MESSAGES.failed),
  });
  const done = { onSuccess: () => notify.success(LEAF_MESSAGES.success), onError: () => notify.error(LEAF_MESSAGES.failed) };
  const archive = useEndpointMutation(ep.archive, { invalidates: [ep], ...done });
  const updateLab = useEndpointMutation(apiFeatures.leafs.updateLab, { invalidates: [ep], ...done });

  const { onJson: setJson, onPhoto: setPhoto } = show;
  return useMemo<ColumnDef<Row, unknown>[]>(() => {
    const move = async (r: Row, toArchive: boolean) => {
      if (await confirm(toArchive ? LEAF_MESSAGES.archiveConfirm : LEAF_MESSAGES.restoreConfirm, toArchive ? 'Archive' : 'Restore')) archive.mutate({ id: r.id, archive: toArchive });
    };
    return [
      {
        id: 'lab', header: 'Lab', size: 140,
        cell: ({ row }) => tab !== 'notcompleted' || kind !== 'leaf' ? row.original.lab : (
          <LabPicker row={row.original} onChange={(lab) => updateLab.mutate({ testLeafDataId: row.original.id, lab })} />
        ),
      },
      { id: 'sampleNumber', header: 'Sample Number', accessorKey: 'sampleNumber' },
      ...(kind === 'leaf' ? [{ id: 'crop', header: () => 'Crop', enableSorting: false, accessorFn: (r: Row) => r.crop ?? '' } satisfies ColumnDef<Row, unknown>] : []),
      { id: 'clientName', header: 'Client (Farm)', cell: ({ row }) => `${row.original.clientName} (${row.original.farmName})` },
      { id: 'block', header: () => 'Block', enableSorting: false, accessorKey: 'blockNumber', size: 70 },
      { id: 'agent', header: () => 'Agent (Agronomist)', enableSorting: false, cell: ({ row }) => agentWithAgronomist(row.original.agent, row.original.agronomist) },
      { id: 'inserted', header: 'Date Synced', cell: ({ row }) => formatDateTime(row.original.inserted) },
      { id: 'appAdded', header: 'Date Captured', cell: ({ row }) => formatDateTime(row.original.appAdded) },
      ...(kind === 'soil' && tab === 'completed' ? [
        { id: 'submissionJobId', header: () => 'Submitted Id', enableSorting: false, accessorFn: (r: Row) => r.submissionJobId ?? '' },
        { id: 'submittedOn', header: () => 'Submitted On', enableSorting: false, cell: ({ row }: { row: { original: Row } }) => formatDateTime(row.original.submittedOn ?? null) },
      ] satisfies ColumnDef<Row, unknown>[] : []),
      {
        id: 'actions', header: () => 'Actions', enableSorting: false, size: 140,
        cell: ({ row }) => (
          <Group gap={4} wrap="nowrap">
            {kind === 'leaf' && <RowIcon label="image" name={`image of ${row.original.sampleNumber}`} onClick={() => setPhoto(row.original)}><IconPhoto size={16} /></RowIcon>}
            {kind === 'leaf' && (syncPhoto.isPending && syncPhoto.variables?.id === row.original.id
              ? <ActionIcon variant="subtle" aria-label={`sync ${row.original.sampleNumber}`} loading><IconCloudDownload size={16} /></ActionIcon>
              : <RowIcon label="sync photo and location" name={`sync ${row.original.sampleNumber}`} onClick={() => syncPhoto.mutate({ id: row.original.id })}><IconCloudDownload size={16} /></RowIcon>)}
            <RowIcon label="json" name={`json of ${row.original.sampleNumber}`} onClick={() => setJson(row.original)}><IconBraces size={16} /></RowIcon>
            {tab === 'notcompleted' && <RowIcon label="Archive" name={`Archive ${row.original.sampleNumber}`} color="red" onClick={() => void move(row.original, true)}><IconX size={16} /></RowIcon>}
            {tab === 'archived' && <RowIcon label="Restore" name={`Restore ${row.original.sampleNumber}`} onClick={() => void move(row.original, false)}><IconRestore size={16} /></RowIcon>}
          </Group>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab, kind, confirm, syncPhoto.isPending, syncPhoto.variables]);
}

type Lab = (typeof LEAF_LABS)[number];
const LABS = [...LEAF_LABS];
/** a row without a lab yet shows an empty choice (not the first lab as if chosen) */
const LABS_OR_NONE = [{ value: '', label: '', disabled: true }, ...LEAF_LABS];

/**
 * A Not Completed row's lab: the browser's own select in the look of the app's inputs. Twenty rows of a page
 * draw twenty of them; a searchable Mantine Select each (its combobox, store and floating dropdown) made the page
 * slow to turn (issue 36, ADR 0225).
 */
function LabPicker({ row, onChange }: { row: Row; onChange: (lab: Lab) => void }) {
  return (
    <NativeSelect size="xs" w={124} data={row.lab ? LABS : LABS_OR_NONE} value={row.lab} aria-label={`Lab of ${row.sampleNumber}`}
      onChange={(e) => e.currentTarget.value && onChange(e.currentTarget.value as Lab)} />
  );
}
