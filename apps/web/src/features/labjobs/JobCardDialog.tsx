import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useGridWindow } from '../../components/ui/grid/gridWindow';
import { Controller } from 'react-hook-form';
import { AT_LEAST_ONE_ENTRY, type CropOption, type HeaderValues, type TissueOption, JOB_HAS_RESULTS, apiFeatures, entryErrors, nextSampleNumber } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { DateField } from '../../components/ui/DateField';
import { GridCsvButton } from '../../components/ui/grid/GridCsvButton';
import { GridErrors } from '../../components/ui/grid/GridErrors';
import { PastePreviewDialog } from '../../components/ui/grid/PastePreview';
import { useEndpointQuery } from '../../lib/query';
import { ControlRows } from './controls/ControlRows';
import { NewJobControls } from './controls/NewJobControls';
import { EntryRow, type EntryRowErrors } from './EntryRow';
import { EMPTY_HEADER, type JobCardValues, fromSaved, growthOptions, newEntry, toDateInput } from './entryModel';
import { useJobCardGrid } from './jobCardGrid';
import { useJobCardSave } from './useJobCardSave';
import { type NameOptions, useLabReference } from './useLabReference';

/**
 * The order a row's messages are listed in: the sample number, the order the rules name an entry's fields in
 * (`entryErrors`), then the fields only the server checks.
 */
const FIELD_ORDER = [
  'sampleNumber',
  ...entryErrors({
    entity: '', agent: '', agronomist: '', farmName: '', fieldBlockNumber: '', tissueId: null, cropId: null, cultivarId: null, testCarboCropGrowthId: null,
  }).map((x) => x.field as string),
  'sampleDate', 'regionId', 'testCarbohydrateId', 'id', 'rowVersion',
];

/**
 * The suggestions of a free-text name field: the reference list first (labelled with it), then names typed
 * before. Names outside the list stay allowed: captured samples carry the names the field staff typed.
 */
function NameList({ id, names, listLabel }: { id: string; names: NameOptions; listLabel: string }) {
  return (
    <datalist id={id} data-testid={id}>
      {names.listed.map((x) => <option key={`l-${x}`} value={x} label={listLabel} />)}
      {names.typed.map((x) => <option key={`t-${x}`} value={x} label="Typed before" />)}
    </datalist>
  );
}

/**
 * the grid's columns and their widths (fixed layout: 1400 px show them all without scrolling, issue 18; a name cut
 * short keeps its whole text in a tooltip). The row's remove is as wide as its button (a narrower share showed '…').
 */
const HEADS: [string, string][] = [
  ['#', '2.2%'], ['Sample Number', '10%'], ['', '5%'], ['Entity', '10%'], ['Agent', '7.5%'], ['Agronomist', '7.5%'], ['Farm Name', '9.5%'],
  ['Field Block Number', '6.5%'], ['Sample Date', '7.8%'], ['Tissue', '6.3%'], ['Crop', '6.3%'], ['Cultivar', '6.3%'], ['Region', '5.8%'],
  ['Growth', '6.8%'], ['', '3.5%'],
];
/** a head longer than its column wraps rather than be cut ('Field Block Nu…') */
const WRAP_HEAD = { whiteSpace: 'normal' } as const;
/** a row's height as drawn (Mantine's xs inputs), before it is measured */
const ROW_HEIGHT = 37;
const HEADER_FIELD = { flex: '1 1 0', minWidth: 0 } as const;
const HEADER_LABEL = { style: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', display: 'block' } } as const;
const PASTE_HELP = 'Paste rows from a spreadsheet into a Sample Number cell: one line per entry, columns in the grid\'s order (Sample Number, '
  + 'Entity, Agent, Agronomist, Farm Name, Field Block Number, Sample Date, Tissue, Crop, Cultivar, Region, Growth). Values separated only '
  + 'by tabs become sample numbers of new entries.';

/**
 * Job Card Details: Date Received, header defaults, Add Entry, the entries grid (the entry-grid engine), CSV import,
 * Delete (a saved job without results), Cancel and Submit. id 'create' is a new job. Closing with unsaved entries asks
 * first; every refused rule shows as 'Row N: …' with the red ring on its field, the server's as well.
 */
export function JobCardDialog({ jobId, onClose, onSaved, onDirtyChange }: {
  jobId: number | 'create';
  onClose: () => void;
  onSaved: () => void;
  /** told whether the dialog holds unsaved work (an edited entry, header pushed to entries, added or removed entries) */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const ref = useLabReference();
  const existing = jobId === 'create' ? null : jobId;
  const saved = useEndpointQuery(apiFeatures.lab.getData, { id: existing ?? 0 }, { overlay: true, enabled: existing !== null, gcTime: 0 });
  // a new job starts with one entry (defaults from the empty header); an existing one gets its entries once loaded
  const [defaults] = useState<JobCardValues>(() => ({
    receivedOn: toDateInput(new Date()),
    rows: existing === null ? [newEntry(EMPTY_HEADER, nextSampleNumber(undefined))] : [],
  }));
  const jc = useJobCardGrid({ jobId: existing, crops: ref.crops, tissues: ref.tissues, defaults, onClose, onDirtyChange });
  const { grid } = jc;
  const [controlLotIds, setControlLotIds] = useState<number[]>([]);
  const save = useJobCardSave({ jc, existing, saved: saved.data, onSaved, controlLotIds });
  useEffect(() => {
    if (saved.data) grid.load(saved.data.entries.map((e) => ({ row: fromSaved(e), version: e.rowVersion })), { receivedOn: saved.data.receivedOn });
  }, [saved.data, grid.load]); // eslint-disable-line react-hooks/exhaustive-deps
  const entriesRef = useRef<HTMLTableElement>(null);
  const addEntry = useAddEntry(jc, entriesRef);
  const submitted = grid.form.formState.submitCount > 0;
  const rowErrors = (grid.form.formState.errors.rows ?? []) as unknown as EntryRowErrors[];
  const messages = rowMessages(grid.fields.length, rowErrors);
  const hasResult = saved.data?.entries.some((e) => e.hasResult) ?? false;
  return (
    <AppDialog opened onClose={onClose} dirty={grid.dirty} tall modal={false} size="calc(100vw - 48px)"
      title={existing ? `Job Card Details · J${existing}` : 'Job Card Details'} data-testid="job-card-dialog"
      actions={
        <>
          {saved.data && (
            <Button variant="light" color="red" leftSection={<IconTrash size={14} />} mr="auto" onClick={() => void save.removeJob()}
              disabled={hasResult} title={hasResult ? JOB_HAS_RESULTS : undefined} loading={save.deleting} data-testid="job-delete">
              Delete
            </Button>
          )}
          <Button variant="default" onClick={() => void grid.close()} data-testid="job-cancel">Cancel</Button>
          <Button onClick={save.submit} loading={save.saving} data-testid="job-submit">Submit</Button>
        </>
      }
    >
      <Stack gap="xs">
        <JobCardHeader jc={jc} crops={ref.crops} tissues={ref.tissues} onAdd={addEntry} />
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" truncate title={PASTE_HELP} style={{ flex: 1 }}>{PASTE_HELP}</Text>
          <GridCsvButton testId="job-csv" onFile={(f) => void jc.importCsv(f)} />
        </Group>
        {submitted && grid.fields.length === 0 && <Alert color="red" p="xs" data-testid="job-no-entries">{AT_LEAST_ONE_ENTRY}</Alert>}
        {submitted && <GridErrors messages={messages} testId="job-errors" />}
        {grid.message && <Alert color="red" p="xs" style={{ whiteSpace: 'pre-line' }} data-testid="job-server-error">{grid.message}</Alert>}
        <EntriesTable jc={jc} tableRef={entriesRef} rowErrors={submitted ? rowErrors : undefined} crops={ref.crops} tissues={ref.tissues} />
        {/* issue 37: the job's control rows, chosen from the active lots (a new job's sent with its first save) */}
        {existing ? <ControlRows jobId={existing} mode="card" /> : <NewJobControls lotIds={controlLotIds} onChange={setControlLotIds} />}
        <NameLists names={ref} />
      </Stack>
      {grid.preview && <PastePreviewDialog {...grid.preview} />}
    </AppDialog>
  );
}

/** The entries grid; a long job card renders the rows in view of its own scroller (ADR 0206, 0230). */
function EntriesTable({ jc, tableRef, rowErrors, crops, tissues }: {
  jc: ReturnType<typeof useJobCardGrid>; tableRef: RefObject<HTMLTableElement | null>; rowErrors: EntryRowErrors[] | undefined;
  crops: CropOption[]; tissues: TissueOption[];
}) {
  const { grid } = jc;
  const scroller = useRef<HTMLDivElement>(null);
  const { slots, measure } = useGridWindow({ count: grid.fields.length, scroller, cells: grid.cells, rowHeight: ROW_HEIGHT });
  return (
    <div ref={scroller} style={measure ? { overflow: 'auto', maxHeight: '60vh' } : undefined}>
      <Table ref={tableRef} withTableBorder striped className="sw-grid" data-testid="job-entries" aria-rowcount={grid.fields.length + 1}>
        <Table.Thead>
          <Table.Tr>{HEADS.map(([x, w], k) => <Table.Th key={k} fz="xs" w={w} style={WRAP_HEAD} title={x || undefined}>{x}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {slots.map((s) => ('row' in s
            ? <EntryRow key={grid.fields[s.row]._k} live={grid.live} register={grid.form.register} index={s.row} errors={rowErrors?.[s.row]}
              crops={crops} tissues={tissues} actions={jc.actions} measure={measure} />
            // the rows not rendered (out of view): their height, so the scroll bar stays the whole grid's
            : <tr key={s.key} aria-hidden="true"><td colSpan={HEADS.length} style={{ height: s.gap, padding: 0, border: 0 }} /></tr>))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** Each row's messages as 'Row N: …', in the order of FIELD_ORDER (then any other field). */
function rowMessages(count: number, rowErrors: EntryRowErrors[]): string[] {
  return Array.from({ length: count }, (_, i) => i).flatMap((i) => {
    const row = rowErrors[i] ?? {};
    const fields = [...FIELD_ORDER, ...Object.keys(row).filter((f) => !FIELD_ORDER.includes(f))];
    return fields.flatMap((f) => {
      const message = row[f]?.message;
      return message ? [`Row ${i + 1}: ${message}`] : [];
    });
  });
}

/** Add Entry: a new entry from the header, its sample number taking the focus (by its element). */
function useAddEntry(jc: ReturnType<typeof useJobCardGrid>, entriesRef: { current: HTMLTableElement | null }) {
  const focusRow = useRef<number | null>(null);
  const count = jc.grid.fields.length;
  const { cells } = jc.grid;
  useEffect(() => {
    const at = focusRow.current;
    if (at === null || at >= count) return;
    focusRow.current = null;
    const el = entriesRef.current?.querySelector<HTMLInputElement>(`[data-testid="entry-${at}-sampleNumber"]`);
    // a long job card renders the rows in view: the registry scrolls to the new row first
    if (el) el.focus();
    else cells.focus(at, 'sampleNumber');
  }, [count, entriesRef, cells]);
  return () => {
    focusRow.current = jc.grid.rows().length;
    jc.add();
  };
}

function NameLists({ names }: { names: ReturnType<typeof useLabReference> }) {
  return (
    <>
      <datalist id="lab-entities">{names.suggestions.entities.map((x) => <option key={x} value={x} />)}</datalist>
      <NameList id="lab-agents" names={names.agents} listLabel="Agent list" />
      <NameList id="lab-agronomists" names={names.agronomists} listLabel="Agronomist list" />
      <datalist id="lab-farms">{names.suggestions.farms.map((x) => <option key={x} value={x} />)}</datalist>
    </>
  );
}

/** The header: Date Received and the defaults of new entries (an edit goes to the entries that still hold the previous value), Add Entry. */
function JobCardHeader({ jc, crops, tissues, onAdd }: { jc: ReturnType<typeof useJobCardGrid>; crops: CropOption[]; tissues: { id: number; name: string }[]; onAdd: () => void }) {
  const h = jc.header;
  const crop = crops.find((c) => c.id === h.cropId);
  const headerText = (label: string, field: 'entity' | 'agent' | 'agronomist' | 'farmName' | 'fieldBlockNumber', list?: string) => (
    <TextInput size="xs" label={label} style={HEADER_FIELD} labelProps={HEADER_LABEL} list={list} value={h[field]} title={h[field] || undefined} data-testid={`header-${field}`}
      onChange={(e) => jc.changeHeader({ [field]: e.currentTarget.value })} />
  );
  const headerSelect = (label: string, field: keyof HeaderValues, data: { id: number; name: string }[]) => (
    <NativeSelect size="xs" label={label} style={HEADER_FIELD} labelProps={HEADER_LABEL} data-testid={`header-${field}`}
      title={data.find((x) => x.id === h[field])?.name}
      data={[{ value: '', label: '' }, ...data.map((x) => ({ value: String(x.id), label: x.name }))]}
      value={h[field] ? String(h[field]) : ''}
      onChange={(e) => jc.changeHeader({ [field]: e.currentTarget.value ? Number(e.currentTarget.value) : null })} />
  );
  return (
    <Group gap={6} align="flex-end" wrap="nowrap">
      <Controller
        control={jc.grid.form.control}
        name="receivedOn"
        render={({ field }) => (
          <DateField size="xs" label="Date Received" withAsterisk style={{ flex: '0 0 112px' }} labelProps={HEADER_LABEL} value={field.value}
            data-testid="job-received" ref={field.ref} name={field.name} onBlur={field.onBlur} onChange={field.onChange} />
        )}
      />
      {headerText('Entity', 'entity', 'lab-entities')}
      {headerText('Agent', 'agent', 'lab-agents')}
      {headerText('Agronomist', 'agronomist', 'lab-agronomists')}
      {headerText('Farm Name', 'farmName', 'lab-farms')}
      {headerText('Field Block Number', 'fieldBlockNumber')}
      {headerSelect('Tissue', 'tissueId', tissues)}
      {headerSelect('Crop', 'cropId', crops)}
      {headerSelect('Cultivar', 'cultivarId', crop?.cultivars ?? [])}
      {headerSelect('Region', 'regionId', crop?.regions ?? [])}
      {headerSelect('Growth', 'testCarboCropGrowthId', growthOptions(crop, h.tissueId))}
      <Button size="xs" leftSection={<IconPlus size={14} />} style={{ flex: 'none' }} onClick={onAdd} data-testid="job-add-entry">Add Entry</Button>
    </Group>
  );
}
