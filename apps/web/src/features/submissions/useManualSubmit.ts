import { useState } from 'react';
import { MANUAL_ENTRY_MESSAGES as M, type ManualGridRow, manualColumnsOf, resultRowHasEntry } from '@sapwood/contracts';
import { useConfirm } from '../../components/ui/confirm';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { type SubmissionKind, endpointsOf, resultEndpointsOf } from './kind';
import type { useManualGrid } from './useManualGrid';

type Grid = ReturnType<typeof useManualGrid>['grid'];

const hasEntry = (kind: SubmissionKind, r: ManualGridRow) =>
  resultRowHasEntry({ labNumber: r.labNumber, na: r.isNa, values: Object.fromEntries(manualColumnsOf(kind).map((c) => [c.code, r[c.code]])) });

/**
 * Save (after asking): the rows not yet saved go through the grid's per-row saves (their rules, the unusual values'
 * question), then the submission is handed over to Results, which needs every sample to hold an entry (the contract's
 * rule, values/result-row.ts: said at each row that holds none, as the server would).
 */
export function useManualSubmit(kind: SubmissionKind, submissionId: number, grid: Grid, onClose: () => void) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const ep = resultEndpointsOf(kind);
  const { mutateAsync: update } = useEndpointMutation(ep.updateManual, { invalidates: [endpointsOf(kind).waiting, endpointsOf(kind).results, ep.getResults], onError: false });
  const { saves, rows, say, tellFailed } = grid;
  const failed = (r: ManualGridRow, message: string) => saves.status.set(r.sampleId, { state: 'failed', message });
  const submit = async () => {
    const list = rows();
    const keys = list.map((r) => r.sampleId);
    await saves.saveRows(keys);
    // each row refused named by its place ('Row 140: …'; a long grid draws only the rows in view), the first brought into view
    if (tellFailed(keys, M.saveFailed)) return;
    const empty = list.filter((r) => !hasEntry(kind, r));
    if (empty.length) {
      empty.forEach((r) => failed(r, M.rowEmpty));
      return tellFailed(keys);
    }
    try {
      await update({ submissionId, manualResult: [], submit: true, reason: '' });
    } catch (err) {
      // the server's `manualResult.{n}`: the sheet's row n holds no entry
      const fields = err instanceof ApiError ? err.body?.fields ?? [] : [];
      for (const f of fields) {
        const n = /^manualResult\.(\d+)$/.exec(f.field);
        if (n && list[Number(n[1])]) failed(list[Number(n[1])], f.message);
      }
      if (err instanceof ApiError && err.status === 409) return say(M.changed);
      return tellFailed(keys) || say(fields.map((f) => f.message)[0] ?? M.saveFailed);
    }
    notify.success('Results saved');
    onClose();
  };
  const save = async () => {
    say(null);
    if (!(await confirm(M.confirm, 'Submit'))) return;
    setBusy(true);
    try {
      await submit();
    } finally {
      setBusy(false);
    }
  };
  return { save, busy };
}
