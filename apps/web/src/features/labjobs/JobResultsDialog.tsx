import { Alert, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LabResultRow, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { useConfirm } from '../../components/ui/confirm';
import { ApiError, call, endpointUrl } from '../../lib/api';
import { notify } from '../../lib/notify';
import { ResultRow, type ResultRowActions, type ResultValues } from './ResultRow';

export const REASON_REQUIRED = 'A reason is required to change a result of a completed or exported job.';
const same = (a: ResultValues, b: ResultValues) => a.sugar === b.sugar && a.starch === b.starch && a.na === b.na;
const errorText = (err: unknown) =>
  err instanceof ApiError ? (err.body?.fields?.map((f) => f.message).join('; ') || err.message) : 'Operation has failed';

/**
 * The job card results dialog: Sample Number, Sample Type, Sugar, Starch, N/A and redo (remove) per row.
 * Enter in Sugar or Starch saves that row and moves to the next row that is not N/A; Submit removes the
 * queued rows and saves the changed ones in one call (one transaction); Export Job on a completed job.
 */
export function JobResultsDialog({ jobId, onClose, onSaved }: { jobId: number; onClose: () => void; onSaved: () => void }) {
  const confirm = useConfirm();
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => call(apiFeatures.settings.get, {}) });
  // Loaded once per opening: a background refetch while someone types would only re-render under them.
  const data = useQuery({
    queryKey: ['lab', 'jobdata', jobId], queryFn: () => call(apiFeatures.lab.jobData, { id: jobId }, { overlay: true }),
    gcTime: 0, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false,
  });
  const [rows, setRows] = useState<LabResultRow[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [over, setOver] = useState({ sugar: 0, starch: 0 });
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // what the server holds (values and versions) and what the rows show now; kept in refs so typing does not re-render the dialog
  const saved = useRef(new Map<number, ResultValues & { rowVersion: number }>());
  const current = useRef(new Map<number, ResultValues>());
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const overIds = useRef({ sugar: new Set<number>(), starch: new Set<number>() });
  const reasonRef = useRef(reason);
  reasonRef.current = reason;

  useEffect(() => {
    if (!data.data) return;
    const list = data.data.testCarbohydrateLabResults;
    // A value typed but not yet saved survives a reload of the job: it is still what the row shows.
    const before = { saved: saved.current, current: current.current };
    const unsaved = (id: number) => {
      const mine = before.current.get(id);
      const was = before.saved.get(id);
      return mine && was && !same(mine, was) ? mine : null;
    };
    saved.current = new Map(list.map((r) => [r.id, { sugar: r.sugar, starch: r.starch, na: r.na, rowVersion: r.rowVersion }]));
    current.current = new Map(list.map((r) => [r.id, unsaved(r.id) ?? { sugar: r.sugar, starch: r.starch, na: r.na }]));
    setRows(list);
  }, [data.data]);

  const status = data.data?.status ?? 'current';
  const needsReason = status !== 'current';
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const reasonMissing = useCallback(() => {
    if (needsReason && !reasonRef.current.trim()) {
      setReasonError(REASON_REQUIRED);
      return true;
    }
    setReasonError(null);
    return false;
  }, [needsReason]);

  const saveRow = useCallback(async (id: number) => {
    const v = current.current.get(id);
    const s = saved.current.get(id);
    if (!v || !s || same(v, s)) return;
    if (reasonMissing()) return;
    try {
      const r = await call(apiFeatures.lab.updateResult, { id, ...v, rowVersion: s.rowVersion, reason: reasonRef.current.trim() || undefined });
      saved.current.set(id, { ...v, rowVersion: r.rowVersion });
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  }, [reasonMissing]);

  const actions: ResultRowActions = useMemo(() => ({
    changed: (id, v) => current.current.set(id, v),
    register: (index, column, el) => {
      const key = `${index}:${column}`;
      if (el) inputs.current.set(key, el);
      else inputs.current.delete(key);
    },
    enter: (index, column) => {
      const list = rowsRef.current;
      const row = list[index];
      for (let k = index + 1; k < list.length; k += 1) {
        if (!current.current.get(list[k].id)?.na) {
          inputs.current.get(`${k}:${column}`)?.focus();
          inputs.current.get(`${k}:${column}`)?.select();
          break;
        }
      }
      if (row) void saveRow(row.id);
    },
    over: (id, column, isOver) => {
      const set = overIds.current[column];
      if (isOver === set.has(id)) return;
      if (isOver) set.add(id);
      else set.delete(id);
      setOver((o) => ({ ...o, [column]: set.size }));
    },
    remove: async (row) => {
      if (!(await confirm(`Are you sure you want to redo sample ${row.sampleNumber}? It will be removed from this job.`))) return;
      setRows((list) => list.filter((r) => r.id !== row.id));
      setRemoved((ids) => [...ids, row.id]);
      current.current.delete(row.id);
    },
  }), [confirm, saveRow]);

  async function submit() {
    const entries = [...current.current.entries()]
      .filter(([id, v]) => !same(v, saved.current.get(id)!))
      .map(([id, v]) => ({ id, ...v, rowVersion: saved.current.get(id)!.rowVersion }));
    if ((entries.length > 0 || removed.length > 0) && reasonMissing()) return;
    setBusy(true);
    try {
      await call(apiFeatures.lab.updateResults, { jobId, entries, removeIds: removed, reason: reason.trim() || undefined });
      notify.success('success');
      onSaved();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  async function exportJob() {
    const a = document.createElement('a');
    a.href = endpointUrl(apiFeatures.lab.exportJob, { id: jobId });
    a.download = `J${jobId}.xlsx`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    notify.info('Starting download');
    try {
      await call(apiFeatures.lab.archiveJob, [{ id: jobId }], { overlay: true });
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
          <Button onClick={submit} loading={busy} disabled={!limits} data-testid="results-submit">Submit</Button>
        </>
      }
    >
      {!limits ? (
        <Text size="sm" c="dimmed" data-testid="results-loading-settings">Loading settings...</Text>
      ) : (
        <>
          {needsReason && (
            <TextInput size="xs" mb="xs" label="Reason for change" withAsterisk description="This job is completed or exported: changing a result needs a reason."
              value={reason} error={reasonError} data-testid="results-reason" onChange={(e) => setReason(e.currentTarget.value)} />
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
            <Table.Tbody>
              {rows.map((r, i) => (
                <ResultRow key={r.id} row={r} index={i} sugarLimit={limits.sugarLimit} starchLimit={limits.starchLimit} actions={actions} />
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" mt={4}>
            <Text size="xs" c="dimmed">{rows.length} samples{removed.length ? ` · ${removed.length} to redo on Submit` : ''}</Text>
          </Group>
        </>
      )}
    </AppDialog>
  );
}
