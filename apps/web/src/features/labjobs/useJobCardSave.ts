import { type JobCard, apiFeatures } from '@sapwood/contracts';
import { useConfirm } from '../../components/ui/confirm';
import { cellMessages } from '../../components/ui/grid/rowModel';
import { ApiError, call } from '../../lib/api';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { type EntryState, fromSaved } from './entryModel';
import type { useJobCardGrid } from './jobCardGrid';

const lab = apiFeatures.lab;
const DELETE_JOB_QUESTION = 'Are you sure you want to delete this job?';
/** A server 400 field of an entry: 'entries.3.sampleNumber' is row 4's sample number. */
const ENTRY_FIELD = /^entries\.(\d+)\.(\w+)$/;

const entryInput = (e: EntryState, rowVersion: number | null) => ({
  id: e.id, rowVersion, sampleNumber: e.sampleNumber, entity: e.entity, agent: e.agent, agronomist: e.agronomist,
  farmName: e.farmName, fieldBlockNumber: e.fieldBlockNumber, sampleDate: e.sampleDate, tissueId: e.tissueId, cropId: e.cropId,
  cultivarId: e.cultivarId, regionId: e.regionId, testCarboCropGrowthId: e.testCarboCropGrowthId, testCarbohydrateId: e.testCarbohydrateId,
});
const listed = (entries: { sampleNumber: string }[]) =>
  `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} (${entries.slice(0, 6).map((e) => e.sampleNumber).join(', ')}${entries.length > 6 ? ', …' : ''})`;

/**
 * The job card's Submit and Delete: the whole job in one call (`lab.upsertJob`), the contract's rules first; a 400's
 * entry fields at their cells ('Row N: …'), anything else above the grid; a 409 reads the job again and shows what
 * the other user saved, with the choice to save mine over it (Yes) or take theirs (No).
 */
export function useJobCardSave({ jc, existing, saved, onSaved, controlLotIds = [] }: {
  jc: ReturnType<typeof useJobCardGrid>; existing: number | null; saved: JobCard | undefined; onSaved: () => void;
  /** a new job's control rows (issue 37), saved with it */
  controlLotIds?: number[];
}) {
  const { grid } = jc;
  const confirm = useConfirm();
  const upsertJob = useEndpointMutation(lab.upsertJob, { invalidates: [], onError: false });
  const deleteJob = useEndpointMutation(lab.deleteJob, { invalidates: [], onError: false });
  const versionOf = (id: number | null) => (id === null ? null : grid.saves.held.get(grid.rows().find((r) => r.id === id)?.key ?? -1)?.version ?? null);
  let jobVersion = saved?.rowVersion ?? null;

  const send = async (): Promise<void> => {
    const { receivedOn, rows } = grid.form.getValues();
    if (rows.length === 0) return;
    try {
      await upsertJob.mutateAsync({ id: existing ?? 0, receivedOn, rowVersion: jobVersion, controlLotIds: existing === null ? controlLotIds : [], entries: rows.map((e) => entryInput(e, e.id === null ? null : versionOf(e.id) ?? e.rowVersion)) });
      notify.success(existing === null ? snack.added('Job') : snack.updated('Job'));
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && existing !== null) return conflict(existing);
      refused(err, rows.length);
    }
  };
  const refused = (err: unknown, count: number) => {
    if (!(err instanceof ApiError)) return grid.say('Operation has failed');
    const { cells, rest } = cellMessages(err.body?.fields ?? [], ENTRY_FIELD);
    for (const c of cells) if (c.row < count) grid.form.setError(`rows.${c.row}.${c.field}` as never, { type: 'server', message: c.message });
    if (rest.length || cells.length === 0) grid.say(rest.join('; ') || err.message);
  };
  /** someone else saved the job meanwhile: their entries shown, mine saved over them on Yes, theirs loaded on No */
  const conflict = async (id: number) => {
    const fresh = await call(lab.getData, { id });
    const keep = await confirm(
      `Job J${id} was changed by someone else: it now holds ${listed(fresh.entries)}. Replace it with yours (${listed(grid.rows())})? No keeps theirs.`,
      'Changed by someone else',
    );
    if (!keep) {
      grid.load(fresh.entries.map((e) => ({ row: fromSaved(e), version: e.rowVersion })), { receivedOn: fresh.receivedOn });
      return grid.say(null);
    }
    jobVersion = fresh.rowVersion;
    const theirs = new Map(fresh.entries.map((e) => [e.id, e.rowVersion]));
    grid.rows().forEach((r) => r.id !== null && theirs.has(r.id) && grid.saves.held.set(r.key, r, theirs.get(r.id)!));
    await send();
  };
  const submit = async () => {
    jc.submitted.current = true;
    grid.say(null);
    await grid.form.handleSubmit(send)();
  };
  const removeJob = async () => {
    if (!saved || !(await confirm(DELETE_JOB_QUESTION, 'Delete job'))) return;
    grid.say(null);
    try {
      await deleteJob.mutateAsync({ id: saved.id, rowVersion: saved.rowVersion });
      notify.success(snack.deleted('Job'));
      onSaved();
    } catch (err) {
      grid.say(err instanceof ApiError ? err.message : 'Operation has failed');
    }
  };
  return { submit, removeJob, saving: upsertJob.isPending, deleting: deleteJob.isPending };
}
