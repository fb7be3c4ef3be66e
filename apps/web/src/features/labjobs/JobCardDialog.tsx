import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AT_LEAST_ONE_ENTRY, type HeaderValues, apiFeatures, entryErrors } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { ApiError, call } from '../../lib/api';
import { notify } from '../../lib/notify';
import { EntryRow } from './EntryRow';
import { type EntryState, fromSaved, growthOptions, toDateInput } from './entryModel';
import { useJobEntries } from './useJobEntries';
import { type NameOptions, useLabReference } from './useLabReference';

const errorCache = new WeakMap<EntryState, Map<string, string>>();
/** An entry's broken rules by field, cached per entry object so unchanged rows keep the same map (and do not re-render). */
function rowErrors(e: EntryState): Map<string, string> {
  let m = errorCache.get(e);
  if (!m) {
    m = new Map(entryErrors(e).map((x) => [x.field as string, x.message]));
    errorCache.set(e, m);
  }
  return m;
}

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

const HEADS = ['#', 'Sample Number', '', 'Entity', 'Agent', 'Agronomist', 'Farm Name', 'Field Block Number', 'Sample Date', 'Tissue', 'Crop', 'Cultivar', 'Region', 'Growth', ''];

/** Job Card Details: Date Received, header defaults, Add Entry, the entries grid, Cancel and Submit. id 'create' is a new job. */
export function JobCardDialog({ jobId, onClose, onSaved }: { jobId: number | 'create'; onClose: () => void; onSaved: () => void }) {
  const ref = useLabReference();
  const existing = jobId === 'create' ? null : jobId;
  const saved = useQuery({
    queryKey: ['lab', 'job', existing],
    queryFn: () => call(apiFeatures.lab.getData, { id: existing! }, { overlay: true }),
    enabled: existing !== null,
    gcTime: 0,
  });
  const form = useJobEntries(existing, ref.crops, ref.tissues);
  const { setEntries, add } = form;
  const [receivedOn, setReceivedOn] = useState(() => toDateInput(new Date()));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (saved.data) {
      setReceivedOn(saved.data.receivedOn);
      setEntries(saved.data.entries.map(fromSaved));
    }
  }, [saved.data, setEntries]);
  const started = useRef(false);
  useEffect(() => {
    if (existing === null && !started.current) add();
    started.current = true;
  }, [existing, add]);

  const errors = useMemo(() => {
    const byRow = form.entries.map(rowErrors);
    return { byRow, count: byRow.reduce((n, m) => n + m.size, 0) };
  }, [form.entries]);
  const noEntries = form.entries.length === 0;
  const messages = errors.byRow.flatMap((m, i) => [...m.values()].map((msg) => `Row ${i + 1}: ${msg}`));

  async function submit() {
    setSubmitted(true);
    setServerError(null);
    if (noEntries || errors.count > 0) return;
    setBusy(true);
    try {
      await call(apiFeatures.lab.upsertJob, {
        id: existing ?? 0,
        receivedOn,
        rowVersion: saved.data?.rowVersion ?? null,
        entries: form.entries.map((e) => ({
          id: e.id, rowVersion: e.rowVersion, sampleNumber: e.sampleNumber, entity: e.entity, agent: e.agent, agronomist: e.agronomist,
          farmName: e.farmName, fieldBlockNumber: e.fieldBlockNumber, sampleDate: e.sampleDate, tissueId: e.tissueId, cropId: e.cropId,
          cultivarId: e.cultivarId, regionId: e.regionId, testCarboCropGrowthId: e.testCarboCropGrowthId, testCarbohydrateId: e.testCarbohydrateId,
        })),
      }, { overlay: false });
      notify.success('success');
      onSaved();
    } catch (err) {
      setServerError(err instanceof ApiError ? (err.body?.fields?.map((f) => f.message).join('; ') || err.message) : 'Operation has failed');
    } finally {
      setBusy(false);
    }
  }

  const h = form.header;
  const crop = ref.crops.find((c) => c.id === h.cropId);
  const headerText = (label: string, field: 'entity' | 'agent' | 'agronomist' | 'farmName' | 'fieldBlockNumber', list?: string) => (
    <TextInput size="xs" label={label} w={150} list={list} value={h[field]} data-testid={`header-${field}`}
      onChange={(e) => form.changeHeader({ [field]: e.currentTarget.value })} />
  );
  const headerSelect = (label: string, field: keyof HeaderValues, data: { id: number; name: string }[]) => (
    <NativeSelect size="xs" label={label} w={140} data-testid={`header-${field}`}
      data={[{ value: '', label: '' }, ...data.map((x) => ({ value: String(x.id), label: x.name }))]}
      value={h[field] ? String(h[field]) : ''}
      onChange={(e) => form.changeHeader({ [field]: e.currentTarget.value ? Number(e.currentTarget.value) : null })} />
  );

  return (
    <AppDialog
      opened
      onClose={onClose}
      modal={false}
      size="calc(100vw - 48px)"
      title={existing ? `Job Card Details · J${existing}` : 'Job Card Details'}
      data-testid="job-card-dialog"
      actions={
        <>
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={submit} loading={busy} data-testid="job-submit">Submit</Button>
        </>
      }
    >
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput size="xs" type="date" label="Date Received" withAsterisk w={150} value={receivedOn} data-testid="job-received"
            onChange={(e) => e.currentTarget.value && setReceivedOn(e.currentTarget.value)} />
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
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={add} data-testid="job-add-entry">Add Entry</Button>
        </Group>
        <Text size="xs" c="dimmed">
          Paste rows from a spreadsheet into a Sample Number cell: one line per entry, columns in the grid's order (Sample Number, Entity,
          Agent, Agronomist, Farm Name, Field Block Number, Sample Date, Tissue, Crop, Cultivar, Region, Growth). Values separated only by
          tabs become sample numbers of new entries.
        </Text>
        {submitted && noEntries && <Alert color="red" p="xs" data-testid="job-no-entries">{AT_LEAST_ONE_ENTRY}</Alert>}
        {submitted && messages.length > 0 && (
          <Alert color="red" p="xs" data-testid="job-errors">
            {messages.slice(0, 12).map((m) => <div key={m}>{m}</div>)}
            {messages.length > 12 && <div>… and {messages.length - 12} more</div>}
          </Alert>
        )}
        {serverError && <Alert color="red" p="xs" data-testid="job-server-error">{serverError}</Alert>}
        <Table.ScrollContainer minWidth={1700}>
          <Table withTableBorder striped verticalSpacing={2} horizontalSpacing={4} data-testid="job-entries">
            <Table.Thead>
              <Table.Tr>{HEADS.map((x, k) => <Table.Th key={k} fz="xs">{x}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.entries.map((e, i) => (
                <EntryRow key={e.key} entry={e} index={i} errors={submitted ? errors.byRow[i] : undefined} crops={ref.crops} tissues={ref.tissues} actions={form.actions} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <datalist id="lab-entities">{ref.suggestions.entities.map((x) => <option key={x} value={x} />)}</datalist>
        <NameList id="lab-agents" names={ref.agents} listLabel="Agent list" />
        <NameList id="lab-agronomists" names={ref.agronomists} listLabel="Agronomist list" />
        <datalist id="lab-farms">{ref.suggestions.farms.map((x) => <option key={x} value={x} />)}</datalist>
      </Stack>
    </AppDialog>
  );
}
