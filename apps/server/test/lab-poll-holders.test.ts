import { beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES as M, submissionResultEndpoints as results } from '@sapwood/contracts';
import { SubmissionResultsRepository } from '../src/features/submissions/submission-results.repository';
import { SubmissionsRepository } from '../src/features/submissions/submissions.repository';
import type { SubmissionLabJobs } from '../src/features/submissions/submission-labs.job';
import type { NvirotekStandIn } from '../../../tools/stand-ins/nvirotek-server';
import { pollWorld } from './lab-poll.fixtures';

/**
 * What the outside-lab poll and send write on a row that another writer, or another submission, holds already (ADR
 * 0254), over HTTP against a real database and the labs' stand-ins:
 * - a reissue's error is not written over an error of another kind (a send's): it stays, nothing is read nor told;
 * - a send the lab answers under a lab job another submission of that lab holds is not taken (a refusal on the row),
 *   as one answered under a held work order is not (ADR 0248); the database's index on the lab job is never met;
 * - a reissue's error on a row that left Results (Completed, Archived) is cleared once the lab answers the work order
 *   under the submission's own job again, and nothing more is read into it.
 */
const p = pollWorld();
const { db, submission, submit, sent, copies, labNumbers, historyOf } = p;
const staff = () => p.w.staff;
let nv: NvirotekStandIn;
let poller: SubmissionLabJobs;
beforeAll(() => {
  ({ nv, poller } = p.w);
});

describe("a reissue's error and an error of another kind (ADR 0254)", () => {
  it.each([
    ['send_failed', M.couldNotSend('Nvirotek')],
    ['refused', M.refusedBy('Nvirotek')],
  ] as const)('a reissue is not written over an error of kind %s kept on the row: it stays, nothing is read nor told', async (kind, text) => {
    const a = await sent('Nvirotek', `Reissue Kept ${kind}`, [`RK-${kind}-1`]);
    const error = `${text}. kept for the test`;
    await db().transaction().execute((trx) => new SubmissionsRepository().setError(trx, a.id, kind, error));
    const other = nv.reissue(a.workOrder, { sampleNumbers: [`RK-${kind}-1`] })!;
    try {
      await poller.poll();
      expect(await submission(a.id)).toMatchObject({ error, error_kind: kind, state: 'Waiting' });
      expect(await labNumbers(a.id, 'Nvirotek')).toEqual({ [`RK-${kind}-1`]: '' });
      expect(await historyOf(a.id)).not.toContain(M.workOrderReissued('Nvirotek', a.workOrder, other.jobNumber, a.labJobId));
    } finally {
      nv.undoReissue(a.workOrder);
    }
  });
});

describe('a lab job another submission holds (ADR 0254)', () => {
  it('a send the lab answers under a lab job another submission of that lab holds is not taken: the row says so (a refusal, not sent again), nothing stored, no failure', async () => {
    const a = await sent('Nvirotek', 'Job Held First Co', ['JH-1']);
    // the lab's next order gets the next job number; a submission (linked by hand to it, under a work order of its own) holds it already
    const next = a.labJobId.replace(/\d+$/, (d) => String(Number(d) + 1).padStart(d.length, '0'));
    const [holder] = await copies(a.id, 1, () => ({ submission_work_order: 'HAND-WO-JH', lab_job_id: next }));
    const b = await submit('Nvirotek', 'Job Held Second Co', ['JH-2']);
    await expect.poll(async () => (await submission(b)).error_kind, { timeout: 15_000, interval: 100 }).toBe('work_order_held');
    const placed = nv.orders.find((o) => o.jobNumber === next)!;
    const message = M.sentLabJobHeld('Nvirotek', next, placed.workOrder, holder);
    expect(await submission(b)).toMatchObject({ error: message, refused: true, submission_work_order: null, lab_job_id: null, state: 'Waiting' });
    expect(await historyOf(b)).toContain(message);
    // not sent again by the poll: it is a refusal, until someone asks the lab and sends it again
    await poller.poll();
    expect(await submission(b)).toMatchObject({ error: message, lab_job_id: null });
    expect(await submission(holder)).toMatchObject({ lab_job_id: next, submission_work_order: 'HAND-WO-JH' });
  });
});

describe("a reissue's error on a row that left Results (ADR 0254)", () => {
  it.each(['Completed', 'Archived'] as const)('%s: cleared once the lab answers the work order under its own job again, nothing more read into it', async (to) => {
    const client = `Left Results ${to} Co`;
    nv.answer({ mode: 'partial', count: 1 }, { client });
    const a = await sent('Nvirotek', client, [`LR-${to}-1`, `LR-${to}-2`]);
    await poller.poll();
    expect((await submission(a.id)).state).toBe('Results');
    const other = nv.reissue(a.workOrder, { sampleNumbers: [`LR-${to}-2`] })!;
    try {
      await poller.poll();
      const message = M.workOrderReissued('Nvirotek', a.workOrder, other.jobNumber, a.labJobId);
      expect(await submission(a.id)).toMatchObject({ error: message, error_kind: 'work_order_reissued' });
      // Completed by the user's call; Archived as the archive call moves it (this user may not archive)
      if (to === 'Completed') expect((await staff().call(results.complete, { id: a.id })).status).toBe(200);
      else expect(await db().transaction().execute((trx) => new SubmissionResultsRepository().move(trx, a.id, 'Results', 'Archived'))).toBe(true);
      await poller.poll();
      expect(await submission(a.id)).toMatchObject({ state: to, error: message });
    } finally {
      nv.undoReissue(a.workOrder);
    }
    nv.publish(a.workOrder);
    await poller.poll();
    expect(await submission(a.id)).toMatchObject({ state: to, error: null, error_kind: null });
    expect((await historyOf(a.id)).filter((r) => r === M.workOrderReturned('Nvirotek', a.workOrder, a.labJobId))).toHaveLength(1);
    // its results are not read into a submission that left Results
    expect((await labNumbers(a.id, 'Nvirotek'))[`LR-${to}-2`]).toBe('');
    await poller.poll();
    expect((await historyOf(a.id)).filter((r) => r === M.workOrderReturned('Nvirotek', a.workOrder, a.labJobId))).toHaveLength(1);
  });
});
