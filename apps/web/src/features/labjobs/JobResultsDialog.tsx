import { Alert, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LabResultRow, ReasonForChange, ResultRowsForm, type ResultRowValues, apiFeatures } from '@sapwood/contracts';
import { useFieldArray } from 'react-hook-form';
import { AppDialog } from '../../components/ui/AppDialog';
import { errorMessages, useGridForm } from '../../components/ui/grid/gridForm';
import { useConfirm } from '../../components/ui/confirm';
import { ApiError, call, endpointUrl } from '../../lib/api';
import { notify } from '../../lib/notify';
import { queryKeyOf, useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import { ResultRow, type ResultRowActions, type ResultRowsValues, type ResultsControl } from './ResultRow';

const lab = apiFeatures.lab;
type ResultValues = { sugar: number | null; starch: number | null; na: boolean };
const valuesOf = (v: ResultRowValues): ResultValues => ({ sugar: v.sugar ?? null, starch: v.starch ?? null, na: !!v.na });
const same = (a: ResultValues, b: ResultValues) => a.sugar === b.sugar && a.starch === b.starch && a.na === b.na;
const errorText = (err: unknown) =>
  err instanceof ApiError ? (err.body?.fields?.map((f) => f.message).join('; ') || err.message) : 'Operation has failed';

/** The rows of the table; memoized, so the dialog re-rendering (its form's state after a row is saved) does not walk them. */
const ResultRows = memo(function ResultRows(props: {
  ids: { id: number }[];
  control: ResultsControl;
  info: Map<number, LabResultRow>;
  sugarLimit: number;
  starchLimit: number;
  actions: ResultRowActions;
}) {
  const { ids, control, info, sugarLimit, starchLimit, actions } = props;
  return (
    <Table.Tbody>
      {ids.map((f, i) => (
        <ResultRow key={f.id} control={control} row={info.get(f.id)!} index={i} sugarLimit={sugarLimit} starchLimit={starchLimit} actions={actions} />
      ))}
    </Table.Tbody>
  );
});

/**
 * The job card results dialog: Sample Number, Sample Type, Sugar, Starch, N/A and redo (remove) per row.
 * Enter in Sugar or Starch saves that row and moves to the next row that is not N/A; Submit removes the
 * queued rows and saves the changed ones in one call (one transaction); Export Job on a completed job.
 */
export function JobResultsDialog({ jobId, onClose, onSaved, onDirtyChange }: {
  jobId: number;
  onClose: () => void;
  onSaved: () => void;
  /** told whether the dialog holds unsaved work (typed results not saved, samples queued to redo) */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const confirm = useConfirm();
  const settings = useEndpointQuery(apiFeatures.settings.get, {});
  // Loaded once per opening: a background refetch while someone types would only re-render under them.
  const data = useQuery({
    queryKey: queryKeyOf(lab.jobData, { id: jobId }), queryFn: () => call(lab.jobData, { id: jobId }, { overlay: true }),
    gcTime: 0, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false,
  });
  // The dialog shows a refused save itself (above the rows); the page refreshes the lab answers once it closes,
  // so a row saved with Enter does not reload the job under the typist.
  const updateResult = useEndpointMutation(lab.updateResult, { invalidates: [], onError: false });
  const updateResults = useEndpointMutation(lab.updateResults, { invalidates: [], onError: false });
  const archiveJob = useEndpointMutation(lab.archiveJob, { invalidates: [], onError: false, overlay: true });
  /** the reason for a change of a completed or exported job, checked with the contract's rule and message */
  const reasonForm = useContractForm(ReasonForChange, { defaultValues: { reason: '' }, fields: ['reason'] });
  /** the rows, checked with the contract's row schema; `formState.isDirty` is unsaved work (typed or queued to redo) */
  const grid = useGridForm<ResultRowsValues>(ResultRowsForm, { rows: [] });
  const { control, register, getValues, setValue, reset, resetField, trigger } = grid;
  const { fields, remove: removeField } = useFieldArray<ResultRowsValues, 'rows', 'key'>({ control, name: 'rows', keyName: 'key' });
  const { isDirty } = grid.formState;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const [rows, setRows] = useState<LabResultRow[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [over, setOver] = useState({ sugar: 0, starch: 0 });
  const [error, setError] = useState<string | null>(null);
  // what the server holds (values and versions): the rows' values are the form's, their versions live here
  const saved = useRef(new Map<number, ResultValues & { rowVersion: number }>());
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const overIds = useRef({ sugar: new Set<number>(), starch: new Set<number>() });
  // the form's own functions are stable: the rows (memoized) keep their actions while the dialog re-renders
  const { getValues: reasonValue, trigger: checkReason } = reasonForm;
  const { mutateAsync: saveResult } = updateResult;
  const reasonNow = useCallback(() => reasonValue('reason').trim() || undefined, [reasonValue]);

  useEffect(() => {
    if (!data.data) return;
    const list = data.data.testCarbohydrateLabResults;
    // A value typed but not yet saved survives a reload of the job: it is still what the row shows.
    const before = saved.current;
    const mine = new Map(getValues('rows').map((v) => [v.id, valuesOf(v)]));
    saved.current = new Map(list.map((r) => [r.id, { sugar: r.sugar, starch: r.starch, na: r.na, rowVersion: r.rowVersion }]));
    reset({ rows: list.map((r) => ({ id: r.id, sugar: r.sugar, starch: r.starch, na: r.na })) });
    list.forEach((r, i) => {
      const v = mine.get(r.id);
      const was = before.get(r.id);
      if (v && was && !same(v, was)) setValue(`rows.${i}`, { id: r.id, ...v }, { shouldDirty: true });
    });
    setRows(list);
  }, [data.data, getValues, setValue, reset]);

  const info = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const status = data.data?.status ?? 'current';
  const needsReason = status !== 'current';

  const reasonMissing = useCallback(async () => needsReason && !(await checkReason('reason')), [needsReason, checkReason]);
  /** the rows are checked with the contract's row schema; a broken rule shows where a refused save would */
  const rowsInvalid = useCallback(async (name: 'rows' | `rows.${number}`) => {
    if (await trigger(name)) return false;
    setError(errorMessages(grid.getFieldState(name).error).join('; ') || 'Operation has failed');
    return true;
  }, [trigger, grid]);

  const saveRow = useCallback(async (index: number) => {
    const v = valuesOf(getValues(`rows.${index}`));
    const id = getValues(`rows.${index}.id`);
    const s = saved.current.get(id);
    if (!s || same(v, s)) return;
    if (await reasonMissing()) return;
    if (await rowsInvalid(`rows.${index}`)) return;
    try {
      const r = await saveResult({ id, ...v, rowVersion: s.rowVersion, reason: reasonNow() });
      saved.current.set(id, { ...v, rowVersion: r.rowVersion });
      // what was saved is the row's new baseline (unless typed over meanwhile): the row is no longer dirty
      const at = getValues('rows').findIndex((x) => x.id === id);
      if (at >= 0) {
        for (const k of ['sugar', 'starch', 'na'] as const) {
          if (valuesOf(getValues(`rows.${at}`))[k] !== v[k]) continue;
          register(`rows.${at}.${k}`); // react-hook-form resets only a registered field (a reload of the job drops registrations)
          resetField(`rows.${at}.${k}`, { defaultValue: v[k] as never, keepError: true });
        }
      }
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  }, [getValues, register, resetField, rowsInvalid, reasonMissing, reasonNow, saveResult]);

  const actions: ResultRowActions = useMemo(() => ({
    enter: (index, column) => {
      const list = getValues('rows');
      for (let k = index + 1; k < list.length; k += 1) {
        if (!list[k].na) {
          const el = inputs.current.get(`${k}:${column}`);
          el?.focus();
          el?.select();
          break;
        }
      }
      if (list[index]) void saveRow(index);
    },
    set: (name, value) => setValue(name, value as never, { shouldDirty: true }),
    element: (index, column, el) => {
      const key = `${index}:${column}`;
      if (el) inputs.current.set(key, el);
      else inputs.current.delete(key);
    },
    over: (id, column, isOver) => {
      const set = overIds.current[column];
      if (isOver === set.has(id)) return;
      if (isOver) set.add(id);
      else set.delete(id);
      setOver((o) => ({ ...o, [column]: set.size }));
    },
    remove: async (index, row) => {
      if (!(await confirm(`Are you sure you want to redo sample ${row.sampleNumber}? It will be removed from this job.`))) return;
      const at = getValues('rows').findIndex((x) => x.id === row.id);
      if (at >= 0) removeField(at);
      setRemoved((ids) => [...ids, row.id]);
    },
  }), [confirm, getValues, setValue, saveRow, removeField]);

  async function submit() {
    const entries = getValues('rows')
      .filter((v) => !same(valuesOf(v), saved.current.get(v.id)!))
      .map((v) => ({ id: v.id, ...valuesOf(v), rowVersion: saved.current.get(v.id)!.rowVersion }));
    if ((entries.length > 0 || removed.length > 0) && (await reasonMissing())) return;
    if (entries.length > 0 && (await rowsInvalid('rows'))) return;
    try {
      await updateResults.mutateAsync({ jobId, entries, removeIds: removed, reason: reasonNow() });
      notify.success('success');
      onSaved();
    } catch (err) {
      setError(errorText(err));
    }
  }

  async function exportJob() {
    const a = document.createElement('a');
    a.href = endpointUrl(lab.exportJob, { id: jobId });
    a.download = `J${jobId}.xlsx`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    notify.info('Starting download');
    try {
      await archiveJob.mutateAsync([{ id: jobId }]);
      onSaved();
    } catch (err) {
      setError(errorText(err));
    }
  }

  const limits = settings.data;
  const head = (label: string, count: number, limit: number | undefined) => (count > 0 && limit ? `${label} (Max limit is ${limit})` : label);

  return (
    <AppDialog
      opened
      onClose={onClose}
      size="xl"
      title={`Results · J${jobId}`}
      data-testid="results-dialog"
      actions={
        <>
          {(status === 'completed' || status === 'downloaded') && (
            <Button variant="light" onClick={exportJob} data-testid="results-export">Export Job</Button>
          )}
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={submit} loading={updateResults.isPending} disabled={!limits} data-testid="results-submit">Submit</Button>
        </>
      }
    >
      {!limits ? (
        <Text size="sm" c="dimmed" data-testid="results-loading-settings">Loading settings...</Text>
      ) : (
        <>
          {needsReason && (
            <TextInput size="xs" mb="xs" label="Reason for change" withAsterisk description="This job is completed or exported: changing a result needs a reason."
              {...reasonForm.text('reason')} data-testid="results-reason" />
          )}
          {error && <Alert color="red" p="xs" mb="xs" data-testid="results-error">{error}</Alert>}
          <Table striped withTableBorder verticalSpacing={2} data-testid="results-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sample Number</Table.Th>
                <Table.Th>Sample Type</Table.Th>
                <Table.Th data-testid="results-head-sugar">{head('Sugar', over.sugar, limits.sugarLimit)}</Table.Th>
                <Table.Th data-testid="results-head-starch">{head('Starch', over.starch, limits.starchLimit)}</Table.Th>
                <Table.Th>N/A</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <ResultRows ids={fields} control={control} info={info} sugarLimit={limits.sugarLimit} starchLimit={limits.starchLimit} actions={actions} />
          </Table>
          <Group justify="space-between" mt={4}>
            <Text size="xs" c="dimmed">{fields.length} samples{removed.length ? ` · ${removed.length} to redo on Submit` : ''}</Text>
          </Group>
        </>
      )}
    </AppDialog>
  );
}
