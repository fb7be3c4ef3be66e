import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LabResultRow, ReasonForChange, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { GridCsvButton } from '../../components/ui/grid/GridCsvButton';
import { PastePreviewDialog } from '../../components/ui/grid/PastePreview';
import { useConfirm } from '../../components/ui/confirm';
import { endpointUrl } from '../../lib/api';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import { COLUMN_NAME, NOT_A_NUMBER, type ResultColumn } from './ResultRow';
import { ControlRows } from './controls/ControlRows';
import { errorText } from './results/errorText';
import { csvPlan, showResult } from './results/resultsCsv';
import { ResultsTable } from './results/ResultsTable';
import { valuesOf } from './results/resultValues';
import { useCellCounts, useResultActions } from './results/useResultActions';
import { RESULT_CSV, useResultsGrid } from './results/useResultsGrid';

const lab = apiFeatures.lab;
/** a field of the bulk save's 400 that names a row's cell: `entries.3.sugar` */
const ENTRY_FIELD = /^entries\.(\d+)\.(\w+)$/;

/**
 * The job card results dialog: Sample Number, Sample Type, Sugar, Starch, N/A, the row's save status and redo
 * (remove) per row, on the entry-grid engine (components/ui/grid): Enter, Tab and the arrows, a row saved when left
 * by keyboard or ticked N/A, a pasted column or a CSV applied after a preview. It opens in the first empty Sugar
 * cell. Submit removes the queued rows and saves the changed ones in one call (one transaction); Export Job on a
 * completed job. Closing with unsaved work (typed, refused text, queued redo) asks first.
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
  const data = useEndpointQuery(lab.jobData, { id: jobId }, { overlay: true, gcTime: 0, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false });
  const reason = useReason(data.data?.status ?? 'current');
  const [rows, setRows] = useState<LabResultRow[]>([]);
  const info = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const counts = useCellCounts();
  const finishRef = useRef(onClose);
  const { grid, sampleOf, confirmUnusual, confirmedOf } = useResultsGrid({
    jobId, info, onClose: () => finishRef.current(), onDirtyChange, extraDirty: counts.badCount > 0, ...reason,
  });
  const { actions, removed } = useResultActions({ grid, info, confirm, counts });
  /** closing after a row was saved with Enter refreshes the page's lists (the job's completed count) */
  const finish = useCallback(() => (grid.saves.savedSome() ? onSaved() : onClose()), [grid.saves, onSaved, onClose]);
  finishRef.current = finish;

  useEffect(() => {
    if (!data.data) return;
    const list = data.data.testCarbohydrateLabResults;
    grid.load(list.map((r) => ({ row: { id: r.id, sugar: r.sugar, starch: r.starch, na: r.na }, version: r.rowVersion })));
    setRows(list);
  }, [data.data, grid.load]); // eslint-disable-line react-hooks/exhaustive-deps
  useFirstFocus(grid, !!settings.data && rows.length > 0);
  const { submit, pending } = useSubmit({ jobId, grid, counts, removed, reason, sampleOf, confirmUnusual, confirmedOf, onSaved });
  const exportJob = useExportJob(jobId, onSaved, grid.say);
  const jobStatus = data.data?.status ?? 'current';
  return (
    <AppDialog
      opened
      onClose={finish}
      dirty={grid.dirty}
      tall
      size="xl"
      title={`Results · J${jobId}`}
      data-testid="results-dialog"
      actions={
        <>
          {(jobStatus === 'completed' || jobStatus === 'downloaded') && (
            <Button variant="light" onClick={exportJob} data-testid="results-export">Export Job</Button>
          )}
          <Button variant="default" onClick={() => void grid.close()} data-testid="results-cancel">Cancel</Button>
          <Button onClick={submit} loading={pending} disabled={!settings.data} data-testid="results-submit">Submit</Button>
        </>
      }
    >
      {!settings.data ? (
        <Text size="sm" c="dimmed" data-testid="results-loading-settings">Loading settings...</Text>
      ) : (
        <>
          {reason.needsReason && (
            <TextInput size="xs" mb="xs" label="Reason for change" withAsterisk description="This job is completed or exported: changing a result needs a reason."
              {...reason.form.text('reason')} data-testid="results-reason" />
          )}
          {grid.message && <Alert color="red" p="xs" mb="xs" style={{ whiteSpace: 'pre-line' }} data-testid="results-error">{grid.message}</Alert>}
          <ResultsTable ids={grid.fields as unknown as { id: number }[]} live={grid.live} info={info} limits={settings.data} over={counts.overCount} actions={actions} />
          <Group justify="space-between" mt={4}>
            <Text size="xs" c="dimmed">{grid.fields.length} samples{removed.length ? ` · ${removed.length} to redo on Submit` : ''}</Text>
            <GridCsvButton testId="results-csv" onFile={(f) => void grid.importCsv(f, RESULT_CSV, (csv) => csvPlan(csv, grid.rows(), info), showResult)} />
          </Group>
          {/* issue 37: the job's control rows and its QC hold, kept apart from the samples' grid */}
          <ControlRows jobId={jobId} mode="results" reason={reason} />
        </>
      )}
      {grid.preview && <PastePreviewDialog {...grid.preview} />}
    </AppDialog>
  );
}

/** The reason for a change of a completed or exported job (or one completed meanwhile: the server asked), checked with the contract's rule. */
function useReason(jobStatus: string) {
  const form = useContractForm(ReasonForChange, { defaultValues: { reason: '' }, fields: ['reason'] });
  const [reasonAsked, setReasonAsked] = useState(false);
  const needsReason = jobStatus !== 'current' || reasonAsked;
  const { getValues, trigger } = form;
  const reasonNow = useCallback(() => getValues('reason').trim() || undefined, [getValues]);
  const reasonMissing = useCallback(async () => needsReason && !(await trigger('reason')), [needsReason, trigger]);
  return { form, needsReason, reasonNow, reasonMissing, setReasonAsked };
}

/** The dialog opens in the first empty Sugar cell (once the rows are there, after the modal's own first focus). */
function useFirstFocus(grid: ReturnType<typeof useResultsGrid>['grid'], ready: boolean) {
  const focusedOnce = useRef(false);
  useEffect(() => {
    if (focusedOnce.current || !ready) return;
    focusedOnce.current = true;
    const first = grid.rows().findIndex((r) => !r.na && (r.sugar === null || r.sugar === undefined));
    if (first < 0) return;
    const t = setTimeout(() => grid.cells.focus(first, 'sugar'), 30);
    return () => clearTimeout(t);
  }, [ready, grid]);
}

/** Export Job: the job's .xlsx downloaded, then the job archived. */
function useExportJob(jobId: number, onSaved: () => void, say: (m: string | null) => void) {
  const archiveJob = useEndpointMutation(lab.archiveJob, { invalidates: [], onError: false, overlay: true });
  return async () => {
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
      say(errorText(err));
    }
  };
}

/**
 * Submit: refused text first, the saves under way awaited, the reason, the rows' rules, the unusual values asked once;
 * then the queued removals and the changed rows in one call (refused: nothing saved, a 400's messages at their cells).
 */
function useSubmit({ jobId, grid, counts, removed, reason, sampleOf, confirmUnusual, confirmedOf, onSaved }: {
  jobId: number;
  grid: ReturnType<typeof useResultsGrid>['grid'];
  counts: ReturnType<typeof useCellCounts>;
  removed: number[];
  reason: ReturnType<typeof useReason>;
  sampleOf: (id: number) => string;
  confirmUnusual: ReturnType<typeof useResultsGrid>['confirmUnusual'];
  confirmedOf: ReturnType<typeof useResultsGrid>['confirmedOf'];
  onSaved: () => void;
}) {
  const updateResults = useEndpointMutation(lab.updateResults, { invalidates: [], onError: false });
  const submit = async () => {
    const [bad] = counts.badCells.current;
    if (bad) {
      const [id, column] = bad.split(':') as [string, ResultColumn];
      grid.say(`Sample ${sampleOf(Number(id))}: ${COLUMN_NAME[column]}: ${NOT_A_NUMBER}`);
      return void grid.cells.focus(grid.indexOf(Number(id)), column);
    }
    await grid.saves.pending();
    const changed = grid.rows().filter((r) => grid.saves.changed(r.id));
    if ((changed.length > 0 || removed.length > 0) && (await reason.reasonMissing())) return;
    const invalid = changed.map((r) => grid.saves.check(r.id, r)).find(Boolean);
    if (invalid) return grid.say(invalid);
    // values outside their usual range asked once for all the rows (issue 31); those declined are sent unconfirmed:
    // the server refuses the whole save (one transaction) with a 400 naming each such cell
    await confirmUnusual(changed.map((r) => ({ id: r.id, ...valuesOf(r) })));
    const entries = changed.map((r) => ({ id: r.id, ...valuesOf(r), confirmed: confirmedOf(r.id, valuesOf(r)), rowVersion: grid.saves.held.get(r.id)!.version }));
    try {
      await updateResults.mutateAsync({ jobId, entries, removeIds: removed, reason: reason.reasonNow() });
      notify.success(snack.updated('Results'));
      onSaved();
    } catch (err) {
      grid.saves.refusedTogether(changed.map((r) => r.id), err, ENTRY_FIELD);
    }
  };
  return { submit, pending: updateResults.isPending };
}
