import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { AT_LEAST_ONE_ENTRY, type HeaderValues, JOB_HAS_RESULTS, JobCardForm, apiFeatures, entryErrors, nextSampleNumber } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { DateField } from '../../components/ui/DateField';
import { useConfirm } from '../../components/ui/confirm';
import { useGridForm } from '../../components/ui/grid/gridForm';
import { useGuardedClose } from '../../components/ui/unsaved';
import { ApiError, call } from '../../lib/api';
import { notify, snack } from '../../lib/notify';
import { queryKeyOf, useEndpointMutation } from '../../lib/query';
import { ControlRows } from './controls/ControlRows';
import { EntryRow, type EntryRowErrors } from './EntryRow';
import { EMPTY_HEADER, type JobCardValues, fromSaved, growthOptions, newEntry, toDateInput } from './entryModel';
import { useJobEntries } from './useJobEntries';
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
/** A server 400 field of an entry: 'entries.3.sampleNumber' is row 4's sample number. */
const ENTRY_FIELD = /^entries\.(\d+)\.(\w+)$/;
/** The server names the row itself ('Row 4: …'); the dialog adds it when it lists the row's messages. */
const withoutRow = (message: string) => message.replace(/^Row \d+: /, '');
const DELETE_JOB_QUESTION = 'Are you sure you want to delete this job?';

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

/** the grid's columns and their widths (fixed layout: 1400 px show them all without scrolling; a name cut short keeps its whole text in a tooltip) */
const HEADS: [string, string][] = [
  ['#', '2.2%'], ['Sample Number', '10%'], ['', '5%'], ['Entity', '11%'], ['Agent', '7.5%'], ['Agronomist', '7.5%'], ['Farm Name', '9.5%'],
  ['Field Block Number', '6.5%'], ['Sample Date', '7.8%'], ['Tissue', '6.3%'], ['Crop', '6.3%'], ['Cultivar', '6.3%'], ['Region', '5.8%'],
  ['Growth', '6.8%'], ['', '2.5%'],
];
const HEADER_FIELD = { flex: '1 1 0', minWidth: 0 } as const;
const HEADER_LABEL = { style: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', display: 'block' } } as const;
const PASTE_HELP = 'Paste rows from a spreadsheet into a Sample Number cell: one line per entry, columns in the grid\'s order (Sample Number, '
  + 'Entity, Agent, Agronomist, Farm Name, Field Block Number, Sample Date, Tissue, Crop, Cultivar, Region, Growth). Values separated only '
  + 'by tabs become sample numbers of new entries.';

/**
 * Job Card Details: Date Received, header defaults, Add Entry, the entries grid, Delete (a saved job without results),
 * Cancel and Submit. id 'create' is a new job. Closing with unsaved entries asks first; every refused rule shows as
 * 'Row N: …' with the red ring on its field, the server's as well. */
export function JobCardDialog({ jobId, onClose, onSaved, onDirtyChange }: {
  jobId: number | 'create';
  onClose: () => void;
  onSaved: () => void;
  /** told whether the dialog holds unsaved work (an edited entry, header pushed to entries, added or removed entries) */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const ref = useLabReference();
  const existing = jobId === 'create' ? null : jobId;
  const job = { id: existing ?? 0 };
  const saved = useQuery({
    queryKey: queryKeyOf(apiFeatures.lab.getData, job),
    queryFn: () => call(apiFeatures.lab.getData, job, { overlay: true }),
    enabled: existing !== null,
    gcTime: 0,
  });
  // the dialog shows a refused save itself (above the grid); the page refreshes the lab answers once it closes
  const upsertJob = useEndpointMutation(apiFeatures.lab.upsertJob, { invalidates: [], onError: false });
  const deleteJob = useEndpointMutation(apiFeatures.lab.deleteJob, { invalidates: [], onError: false });
  const confirm = useConfirm();
  // a new job starts with one entry (defaults from the empty header); an existing one gets its entries once loaded
  const [defaults] = useState<JobCardValues>(() => ({
    receivedOn: toDateInput(new Date()),
    rows: existing === null ? [newEntry(EMPTY_HEADER, nextSampleNumber(undefined))] : [],
  }));
  /** Date Received and the entries, each checked with the contract's entry rules; `formState.isDirty` is unsaved work */
  const grid = useGridForm<JobCardValues>(JobCardForm, defaults, { shouldFocusError: false });
  const { control, reset, getValues, setError } = grid;
  const form = useJobEntries(grid, existing, ref.crops, ref.tissues);
  const { isDirty, submitCount, errors: formErrors } = grid.formState;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  /** Cancel, Escape, the close button: typed or pasted entries are not thrown away without asking */
  const guardedClose = useGuardedClose(isDirty, onClose);

  // After Add Entry the new row's first field (its sample number) takes the focus, by its element.
  const entriesRef = useRef<HTMLTableElement>(null);
  const focusRow = useRef<number | null>(null);
  const addEntry = () => {
    focusRow.current = getValues('rows').length;
    form.add();
  };
  useEffect(() => {
    const at = focusRow.current;
    if (at === null || at >= form.fields.length) return;
    focusRow.current = null;
    entriesRef.current?.querySelector<HTMLInputElement>(`[data-testid="entry-${at}-sampleNumber"]`)?.focus();
  }, [form.fields.length]);
  const submitted = submitCount > 0;
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (saved.data) reset({ receivedOn: saved.data.receivedOn, rows: saved.data.entries.map(fromSaved) });
  }, [saved.data, reset]);

  const rowErrors = (formErrors.rows ?? []) as unknown as EntryRowErrors[];
  const noEntries = form.fields.length === 0;
  const messages = form.fields.flatMap((_, i) => {
    const row = rowErrors[i] ?? {};
    const fields = [...FIELD_ORDER, ...Object.keys(row).filter((f) => !FIELD_ORDER.includes(f))];
    return fields.flatMap((f) => {
      const message = row[f]?.message;
      return message ? [`Row ${i + 1}: ${message}`] : [];
    });
  });

  async function submit() {
    form.submitted.current = true;
    setServerError(null);
    await grid.handleSubmit(async () => {
      const { receivedOn, rows } = getValues();
      if (rows.length === 0) return;
      try {
        await upsertJob.mutateAsync({
          id: existing ?? 0,
          receivedOn,
          rowVersion: saved.data?.rowVersion ?? null,
          entries: rows.map((e) => ({
            id: e.id, rowVersion: e.rowVersion, sampleNumber: e.sampleNumber, entity: e.entity, agent: e.agent, agronomist: e.agronomist,
            farmName: e.farmName, fieldBlockNumber: e.fieldBlockNumber, sampleDate: e.sampleDate, tissueId: e.tissueId, cropId: e.cropId,
            cultivarId: e.cultivarId, regionId: e.regionId, testCarboCropGrowthId: e.testCarboCropGrowthId, testCarbohydrateId: e.testCarbohydrateId,
          })),
        });
        notify.success(snack.updated('Job'));
        onSaved();
      } catch (err) {
        if (!(err instanceof ApiError)) {
          setServerError('Operation has failed');
          return;
        }
        // a refused entry's field gets its red ring and its 'Row N: …' line; anything else shows above the grid
        const rest: string[] = [];
        for (const f of err.body?.fields ?? []) {
          const m = ENTRY_FIELD.exec(f.field);
          if (m && Number(m[1]) < rows.length) setError(`rows.${Number(m[1])}.${m[2]}` as never, { type: 'server', message: withoutRow(f.message) });
          else rest.push(f.message);
        }
        if (rest.length || !err.body?.fields?.length) setServerError(rest.join('; ') || err.message);
      }
    })();
  }

  const hasResult = saved.data?.entries.some((e) => e.hasResult) ?? false;
  async function removeJob() {
    if (!saved.data || !(await confirm(DELETE_JOB_QUESTION, 'Delete job'))) return;
    setServerError(null);
    try {
      await deleteJob.mutateAsync({ id: saved.data.id, rowVersion: saved.data.rowVersion });
      notify.success(snack.updated('Job'));
      onSaved();
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : 'Operation has failed');
    }
  }

  const h = form.header;
  const crop = ref.crops.find((c) => c.id === h.cropId);
  const headerText = (label: string, field: 'entity' | 'agent' | 'agronomist' | 'farmName' | 'fieldBlockNumber', list?: string) => (
    <TextInput size="xs" label={label} style={HEADER_FIELD} labelProps={HEADER_LABEL} list={list} value={h[field]} title={h[field] || undefined} data-testid={`header-${field}`}
      onChange={(e) => form.changeHeader({ [field]: e.currentTarget.value })} />
  );
  const headerSelect = (label: string, field: keyof HeaderValues, data: { id: number; name: string }[]) => (
    <NativeSelect size="xs" label={label} style={HEADER_FIELD} labelProps={HEADER_LABEL} data-testid={`header-${field}`}
      title={data.find((x) => x.id === h[field])?.name}
      data={[{ value: '', label: '' }, ...data.map((x) => ({ value: String(x.id), label: x.name }))]}
      value={h[field] ? String(h[field]) : ''}
      onChange={(e) => form.changeHeader({ [field]: e.currentTarget.value ? Number(e.currentTarget.value) : null })} />
  );

  return (
    <AppDialog
      opened
      onClose={onClose}
      dirty={isDirty}
      tall
      modal={false}
      size="calc(100vw - 48px)"
      title={existing ? `Job Card Details · J${existing}` : 'Job Card Details'}
      data-testid="job-card-dialog"
      actions={
        <>
          {saved.data && (
            <Button variant="light" color="red" leftSection={<IconTrash size={14} />} mr="auto" onClick={() => void removeJob()}
              disabled={hasResult} title={hasResult ? JOB_HAS_RESULTS : undefined} loading={deleteJob.isPending} data-testid="job-delete">
              Delete
            </Button>
          )}
          <Button variant="default" onClick={() => void guardedClose()} data-testid="job-cancel">Cancel</Button>
          <Button onClick={submit} loading={upsertJob.isPending} data-testid="job-submit">Submit</Button>
        </>
      }
    >
      <Stack gap="xs">
        <Group gap={6} align="flex-end" wrap="nowrap">
          <Controller
            control={control}
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
          {headerSelect('Tissue', 'tissueId', ref.tissues)}
          {headerSelect('Crop', 'cropId', ref.crops)}
          {headerSelect('Cultivar', 'cultivarId', crop?.cultivars ?? [])}
          {headerSelect('Region', 'regionId', crop?.regions ?? [])}
          {headerSelect('Growth', 'testCarboCropGrowthId', growthOptions(crop, h.tissueId))}
          <Button size="xs" leftSection={<IconPlus size={14} />} style={{ flex: 'none' }} onClick={addEntry} data-testid="job-add-entry">Add Entry</Button>
        </Group>
        <Text size="xs" c="dimmed" truncate title={PASTE_HELP}>{PASTE_HELP}</Text>
        {submitted && noEntries && <Alert color="red" p="xs" data-testid="job-no-entries">{AT_LEAST_ONE_ENTRY}</Alert>}
        {submitted && messages.length > 0 && (
          <Alert color="red" p="xs" data-testid="job-errors">
            {messages.slice(0, 12).map((m) => <div key={m}>{m}</div>)}
            {messages.length > 12 && <div>… and {messages.length - 12} more</div>}
          </Alert>
        )}
        {serverError && <Alert color="red" p="xs" data-testid="job-server-error">{serverError}</Alert>}
        <Table ref={entriesRef} withTableBorder striped className="sw-grid" data-testid="job-entries">
            <Table.Thead>
              <Table.Tr>{HEADS.map(([x, w], k) => <Table.Th key={k} fz="xs" w={w} title={x || undefined}>{x}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.fields.map((f, i) => (
                <EntryRow key={f.fieldKey} control={control} register={grid.register} index={i} errors={submitted ? rowErrors[i] : undefined}
                  crops={ref.crops} tissues={ref.tissues} actions={form.actions} />
              ))}
            </Table.Tbody>
          </Table>
        {/* issue 37: the job's control rows, chosen from the active lots (once the job is saved) */}
        {existing && <ControlRows jobId={existing} mode="card" />}
        <datalist id="lab-entities">{ref.suggestions.entities.map((x) => <option key={x} value={x} />)}</datalist>
        <NameList id="lab-agents" names={ref.agents} listLabel="Agent list" />
        <NameList id="lab-agronomists" names={ref.agronomists} listLabel="Agronomist list" />
        <datalist id="lab-farms">{ref.suggestions.farms.map((x) => <option key={x} value={x} />)}</datalist>
      </Stack>
    </AppDialog>
  );
}
