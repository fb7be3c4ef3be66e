import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LabResultRow, ReasonForChange, ResultRowsForm, apiFeatures } from '@sapwood/contracts';
import { useFieldArray } from 'react-hook-form';
import { AppDialog } from '../../components/ui/AppDialog';
import { errorMessages, useGridForm } from '../../components/ui/grid/gridForm';
import { createCellRegistry, nextRow } from '../../components/ui/grid/gridNav';
import { PastePreviewDialog } from '../../components/ui/grid/PastePreview';
import { useConfirm } from '../../components/ui/confirm';
import { useGuardedClose } from '../../components/ui/unsaved';
import { call, endpointUrl } from '../../lib/api';
import { notify, snack } from '../../lib/notify';
import { UNCONFIRMED, useAskUnusual } from '../../lib/unusual';
import { queryKeyOf, useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import { COLUMN_NAME, NOT_A_NUMBER, type ResultColumn, type ResultRowActions, type ResultRowsValues } from './ResultRow';
import { errorText } from './results/errorText';
import { ResultsTable } from './results/ResultsTable';
import { ControlRows } from './controls/ControlRows';
import { useColumnPaste } from './results/useColumnPaste';
import { useResultSaves } from './results/useResultSaves';

const lab = apiFeatures.lab;

/**
 * The job card results dialog: Sample Number, Sample Type, Sugar, Starch, N/A, the row's save status and redo
 * (remove) per row. It opens in the first empty Sugar cell. Enter in Sugar or Starch saves that row and moves to the
 * next row that is not N/A; Tab goes Sugar → Starch → the next row's Sugar, the arrows move between rows (and
 * between Sugar and Starch at the edge of the text); leaving a row by keyboard saves it, and so does ticking N/A.
 * A column pasted from a spreadsheet fills the column downwards after a preview. Text that is not a number is
 * refused at its cell. Submit removes the queued rows and saves the changed ones in one call (one transaction);
 * Export Job on a completed job. Closing with unsaved work (typed, refused text, queued redo) asks first.
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
  // The dialog shows a refused submit itself (above the rows); the page refreshes the lab answers once it closes.
  const updateResults = useEndpointMutation(lab.updateResults, { invalidates: [], onError: false });
  const archiveJob = useEndpointMutation(lab.archiveJob, { invalidates: [], onError: false, overlay: true });
  /** the reason for a change of a completed or exported job, checked with the contract's rule and message */
  const reasonForm = useContractForm(ReasonForChange, { defaultValues: { reason: '' }, fields: ['reason'] });
  /** the rows, checked with the contract's row schema; `formState.isDirty` is unsaved work (typed or queued to redo) */
  const grid = useGridForm<ResultRowsValues>(ResultRowsForm, { rows: [] });
  const { control, getValues, setValue, trigger } = grid;
  const { fields, remove: removeField } = useFieldArray<ResultRowsValues, 'rows', 'key'>({ control, name: 'rows', keyName: 'key' });
  const [rows, setRows] = useState<LabResultRow[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [over, setOver] = useState({ sugar: 0, starch: 0 });
  const [badCount, setBadCount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // unsaved work: typed values not saved (or saving), refused text in a cell, rows queued to redo
  const dirty = grid.formState.isDirty || badCount > 0;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const [cells] = useState(() => createCellRegistry<ResultColumn>());
  const overIds = useRef({ sugar: new Set<number>(), starch: new Set<number>() });
  /** cells holding text that is not a number, as `${id}:${column}` */
  const badCells = useRef(new Set<string>());
  // the form's own functions are stable: the rows (memoized) keep their actions while the dialog re-renders
  const { getValues: reasonValue, trigger: checkReason } = reasonForm;
  const reasonNow = useCallback(() => reasonValue('reason').trim() || undefined, [reasonValue]);

  const info = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const jobStatus = data.data?.status ?? 'current';
  // the job was completed meanwhile (its last result saved): the server asks a reason, so the dialog does too
  const [reasonAsked, setReasonAsked] = useState(false);
  const needsReason = jobStatus !== 'current' || reasonAsked;
  const limits = settings.data;

  const reasonMissing = useCallback(async () => needsReason && !(await checkReason('reason')), [needsReason, checkReason]);
  /** the rows are checked with the contract's row schema; a broken rule shows where a refused save would */
  const rowsInvalid = useCallback(async (name: 'rows' | `rows.${number}`): Promise<string | null> => {
    if (await trigger(name)) return null;
    // the contract's own words for the rows checked (the form's error tree of a row the cells do not register can be empty)
    const checked = ResultRowsForm.safeParse({ rows: name === 'rows' ? getValues('rows') : [getValues(name)] });
    const words = [...new Set(checked.error?.issues.map((i) => i.message) ?? [])];
    const message = words.join('; ') || errorMessages(grid.getFieldState(name).error).join('; ') || 'Operation has failed';
    setError(message);
    return message;
  }, [trigger, grid, getValues]);
  const sampleOf = useCallback((id: number) => info.get(id)?.sampleNumber ?? String(id), [info]);

  const askUnusual = useAskUnusual();
  const saves = useResultSaves({ jobId, form: grid, confirm, askUnusual, sampleOf, reasonMissing, reasonNow, rowsInvalid, setError, setReasonAsked });
  const { status, load, indexOf, saveRow, retry, savedOf, savedSome } = saves;
  const { paste, preview } = useColumnPaste({ form: grid, info, cells, indexOf, saveRow, confirmUnusual: saves.confirmUnusual, setError });

  useEffect(() => {
    if (!data.data) return;
    const list = data.data.testCarbohydrateLabResults;
    load(list);
    setRows(list);
  }, [data.data, load]);

  // the dialog opens in the first empty Sugar cell (once the rows are there)
  const focusedOnce = useRef(false);
  useEffect(() => {
    if (focusedOnce.current || !limits || rows.length === 0) return;
    focusedOnce.current = true;
    const list = getValues('rows');
    const first = list.findIndex((r) => !r.na && (r.sugar === null || r.sugar === undefined));
    if (first < 0) return;
    // after the modal's own focus trap has placed its first focus
    const t = setTimeout(() => cells.focus(first, 'sugar'), 30);
    return () => clearTimeout(t);
  }, [limits, rows, getValues, cells]);

  const actions: ResultRowActions = useMemo(() => ({
    move: (index, column, move) => {
      const list = getValues('rows');
      const usable = (k: number) => !!list[k] && !list[k].na;
      const leave = () => { if (list[index]) void saveRow(list[index].id); };
      const go = (row: number, col: ResultColumn) => {
        if (row < 0 || !cells.focus(row, col)) return false;
        if (row !== index) leave();
        return true;
      };
      switch (move) {
        case 'enter': {
          // the row is saved once: by going to another row, or here when it stays
          const next = nextRow(index, 1, list.length, usable);
          if (!(next !== index && go(next, column))) leave();
          return true;
        }
        case 'down':
          return go(nextRow(index, 1, list.length, usable), column);
        case 'up':
          return go(nextRow(index, -1, list.length, usable), column);
        case 'right':
          return column === 'sugar' && go(index, 'starch');
        case 'left':
          return column === 'starch' && go(index, 'sugar');
        case 'next':
          if (column === 'sugar') return go(index, 'starch');
          if (go(nextRow(index, 1, list.length, usable), 'sugar')) return true;
          leave(); // out of the last row: on to the buttons
          return false;
        case 'prev':
          if (column === 'starch') return go(index, 'sugar');
          return go(nextRow(index, -1, list.length, usable), 'starch');
      }
    },
    set: (name, value) => setValue(name, value as never, { shouldDirty: true }),
    setNa: (index, na) => {
      setValue(`rows.${index}.na`, na, { shouldDirty: true });
      const id = getValues(`rows.${index}.id`);
      if (id !== undefined) void saveRow(id);
    },
    element: (index, column, el) => cells.set(index, column, el),
    over: (id, column, isOver) => {
      const set = overIds.current[column];
      if (isOver === set.has(id)) return;
      if (isOver) set.add(id);
      else set.delete(id);
      setOver((o) => ({ ...o, [column]: set.size }));
    },
    invalid: (id, column, isBad) => {
      const key = `${id}:${column}`;
      if (isBad === badCells.current.has(key)) return;
      if (isBad) badCells.current.add(key);
      else badCells.current.delete(key);
      setBadCount(badCells.current.size);
    },
    paste,
    remove: async (index, row) => {
      if (!(await confirm(`Are you sure you want to redo sample ${row.sampleNumber}? It will be removed from this job.`))) return;
      const at = getValues('rows').findIndex((x) => x.id === row.id);
      if (at >= 0) removeField(at);
      status.set(row.id, undefined);
      setRemoved((ids) => [...ids, row.id]);
    },
    retry: (id) => void retry(id),
    status,
    saved: savedOf,
  }), [confirm, getValues, setValue, saveRow, removeField, cells, status, retry, paste, savedOf]);

  /** closing after a row was saved with Enter refreshes the page's lists (the job's completed count) */
  const finish = useCallback(() => (savedSome() ? onSaved() : onClose()), [savedSome, onSaved, onClose]);
  const guardedClose = useGuardedClose(dirty, finish);

  async function submit() {
    const [bad] = badCells.current;
    if (bad) {
      const [id, column] = bad.split(':') as [string, ResultColumn];
      setError(`Sample ${sampleOf(Number(id))}: ${COLUMN_NAME[column]}: ${NOT_A_NUMBER}`);
      cells.focus(indexOf(Number(id)), column);
      return;
    }
    await saves.pending();
    if ((saves.changes().length > 0 || removed.length > 0) && (await reasonMissing())) return;
    if (saves.changes().length > 0 && (await rowsInvalid('rows'))) return;
    // values outside their usual range asked once for all the rows (issue 31)
    if ((await saves.confirmUnusual(saves.changes())).size > 0) {
      setError(UNCONFIRMED);
      return;
    }
    const entries = saves.changes();
    try {
      await updateResults.mutateAsync({ jobId, entries, removeIds: removed, reason: reasonNow() });
      notify.success(snack.updated('Results'));
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

  return (
    <AppDialog
      opened
      onClose={finish}
      dirty={dirty}
      tall
      size="xl"
      title={`Results · J${jobId}`}
      data-testid="results-dialog"
      actions={
        <>
          {(jobStatus === 'completed' || jobStatus === 'downloaded') && (
            <Button variant="light" onClick={exportJob} data-testid="results-export">Export Job</Button>
          )}
          <Button variant="default" onClick={() => void guardedClose()} data-testid="results-cancel">Cancel</Button>
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
          <ResultsTable ids={fields} control={control} info={info} limits={limits} over={over} actions={actions} />
          <Group justify="space-between" mt={4}>
            <Text size="xs" c="dimmed">{fields.length} samples{removed.length ? ` · ${removed.length} to redo on Submit` : ''}</Text>
          </Group>
          {/* issue 37: the job's control rows and its QC hold, kept apart from the samples' grid */}
          <ControlRows jobId={jobId} mode="results" />
        </>
      )}
      {preview && <PastePreviewDialog {...preview} />}
    </AppDialog>
  );
}
