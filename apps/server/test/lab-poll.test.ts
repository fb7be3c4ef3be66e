import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NO_RESULT as NO, SUBMISSION_MESSAGES as M, farmersSubmissionEndpoints as farmersEp, submissionEndpoints as ep } from '@sapwood/contracts';
import { SubmissionLabJobs } from '../src/features/submissions/submission-labs.job';
import { SubmissionsRepository } from '../src/features/submissions/submissions.repository';
import { createNvirotekClient } from '../src/platform/integrations/nvirotek.client';
import { createWynlandClient } from '../src/platform/integrations/wynland.client';
import { JobQueue } from '../src/platform/jobs/job-queue';
import type { ApiClient } from '../../../tests/support/api-client';
import type { TestServer } from '../../../tests/support/server';
import type { NvirotekStandIn } from '../../../tools/stand-ins/nvirotek-server';
import type { WynlandStandIn } from '../../../tools/stand-ins/wynland-server';
import { type Lab, pollWorld } from './lab-poll.fixtures';


/**
 * The outside-lab poll accounts for every submission under way (ADR 0245), over HTTP against a real database and
 * the labs' stand-ins:
 * - it walks them all in chunks by id: past any number of old ones a lab cannot answer, newer ones are sent and
 *   their results read in the same poll (it read the first 200 of each and silently left the rest);
 * - a work order the lab now gives to another lab job (a number reused for a new order) is not read into the
 *   submission holding it: its row says so, once in its history, until the lab answers it under the submission's
 *   own job again — for every outside lab and kind the poll reads;
 * - a work order the lab does not know (404): its row and samples say so, once in its history, until the lab knows it again;
 * - a submission whose send was refused or failed, linked by hand to a job the lab made (Manual Link), holds that
 *   job's work order and is read as a sent one (ADR 0247); a job whose work order another submission holds is refused.
 * The server's own poll is off: the test takes the poll's turns itself, with a chunk of 3 (lab-poll.fixtures.ts).
 */
const p = pollWorld();
const { db, submission, kindOf, standOf, submit, sent, view, copies, noResults, printed, labNumbers, historyOf, listed } = p;
let nv: NvirotekStandIn;
let wl: WynlandStandIn;
let server: TestServer;
let staff: ApiClient;
let poller: SubmissionLabJobs;
let logged: string[];
beforeAll(() => {
  ({ nv, wl, server, staff, poller, logged } = p.w);
});

describe('one poll walks every submission under way', () => {
  it('sends and reads the newer ones past more than 200 older ones a lab cannot answer, a chunk of 3 at a time', async () => {
    // Wynland: one order sent; then 201 more under way and 201 not sent yet, older than anything of Nvirotek
    const stuck = await sent('Wynland', 'Stuck Co', ['ST-1']);
    try {
      await copies(stuck.id, 201, (i) => ({ submission_work_order: `WYN-STUCK-${i + 1}`, lab_job_id: `JSTUCK-${i + 1}` }));
      const old = new Date(Date.now() - 10 * 60_000);
      await copies(stuck.id, 201, () => ({ submission_work_order: null, lab_job_id: null, submitted_at: old }));
      // Nvirotek: 7 sent whose results the lab has published, and 7 the send job did not manage, newer than all of those
      nv.answer({ mode: 'ready' }, { client: 'Fresh Co' });
      const fresh: number[] = [];
      for (let i = 1; i <= 7; i++) fresh.push((await sent('Nvirotek', 'Fresh Co', [`FR-${i}-A`, `FR-${i}-B`])).id);
      const unsent = await copies(fresh[0], 7, () => ({ submission_work_order: null, lab_job_id: null, submitted_at: old }));
      // Wynland is down: each of its 403 submissions fails, poll after poll
      wl.failNext(100_000, 503, 'Wynland is down');
      const out = await poller.poll();
      const read = async (ids: number[]) => {
        for (const id of ids) {
          expect((await submission(id)).state, `submission ${id}`).toBe('Results');
          expect(Object.values(await labNumbers(id, 'Nvirotek')).every((n) => n !== ''), `submission ${id}`).toBe(true);
        }
      };
      // the ones under way read past the 202 old ones Wynland cannot answer; the unsent sent past its 201, then read
      await read(fresh);
      expect(out.sent).toBe(7);
      await read(unsent);
      expect(out.results).toBe(28);
      // the ones Wynland could not answer said so, and were tried again in the same poll
      expect((await submission(stuck.id)).error).toBeNull();
      expect(logged.filter((l) => l.includes('could not read the results of a lab order')).length).toBeGreaterThanOrEqual(202);
    } finally {
      // done with them: the later polls need not go through them again
      await db().updateTable('submissions').set({ state: 'Completed' }).where('client_name', '=', 'Stuck Co').execute();
    }
  }, 120_000);
});

describe('a work order the lab reissues to another lab job', () => {
  const LABS: Lab[] = ['Nvirotek', 'Wynland', 'NvirotekFarmer'];
  it.each(LABS)('%s: nothing of the other job is read into the submission, its row says so (once in its history), until the lab answers its own job again', async (lab) => {
    const outside = lab === 'Wynland' ? 'Wynland' : 'Nvirotek';
    const client = `Reissue ${lab}`;
    const p = `RI-${lab.slice(0, 3).toUpperCase()}${kindOf(lab) === 'soil' ? 'S' : ''}`;
    // the lab publishes the first sample at once, the second later
    standOf(lab).answer({ mode: 'partial', count: 1 }, { client });
    const a = await sent(lab, client, [`${p}-1`, `${p}-2`]);
    await poller.poll();
    const own = standOf(lab).orders.find((o) => o.workOrder === a.workOrder)!;
    expect(await labNumbers(a.id, lab)).toEqual({ [`${p}-1`]: own.samples[0].labNumber, [`${p}-2`]: '' });
    // the lab reuses the work order for a new order of its own: one sample numbered as A's unread row, one A never had
    const other = standOf(lab).reissue(a.workOrder, { sampleNumbers: [`${p}-2`, 'OTHER-1'] })!;
    expect(other.jobNumber).not.toBe(a.labJobId);
    const message = M.workOrderReissued(outside, a.workOrder, other.jobNumber, a.labJobId);
    await poller.poll();
    await poller.poll();
    expect(await labNumbers(a.id, lab)).toEqual({ [`${p}-1`]: own.samples[0].labNumber, [`${p}-2`]: '' });
    expect((await view(a.id, lab)).unmatched).toEqual([]);
    expect(await submission(a.id)).toMatchObject({ error: message, refused: false, state: 'Results', submission_work_order: a.workOrder, lab_job_id: a.labJobId });
    expect((await view(a.id, lab)).error).toBe(message);
    // its unread sample is not said to wait for the lab: the lab's answer is not read, and why (view and print)
    expect(await noResults(a.id, lab)).toEqual({ [`${p}-1`]: undefined, [`${p}-2`]: NO.notRead(outside, a.workOrder) });
    expect(await printed(a.id, lab)).toContain(`<td>${p}-2</td><td>${NO.notRead(outside, a.workOrder).replaceAll("'", '&#39;')}</td>`);
    expect(await listed(a.id, lab, 'results')).toMatchObject({ error: message, unmatched: [] });
    expect((await historyOf(a.id)).filter((r) => r === message)).toHaveLength(1);
    expect(logged.filter((l) => l.includes(`"submissionId":${a.id}`) && l.includes(other.jobNumber))).toHaveLength(1);

    // the lab corrects it: the work order is A's job again, with A's second sample published
    standOf(lab).undoReissue(a.workOrder);
    standOf(lab).publish(a.workOrder);
    await poller.poll();
    await poller.poll();
    expect(await submission(a.id)).toMatchObject({ error: null, error_kind: null });
    expect(await labNumbers(a.id, lab)).toEqual({ [`${p}-1`]: own.samples[0].labNumber, [`${p}-2`]: own.samples[1].labNumber });
    expect(await noResults(a.id, lab)).toEqual({ [`${p}-1`]: undefined, [`${p}-2`]: undefined });
    expect((await view(a.id, lab)).unmatched).toEqual([]);
    expect((await historyOf(a.id)).filter((r) => r === M.workOrderReturned(outside, a.workOrder, a.labJobId))).toHaveLength(1);
  });

  it('reads nothing into a submission still waiting while its work order stands for another job, and says so on the Waiting row', async () => {
    const a = await sent('Nvirotek', 'Reissue Waiting Co', ['RW-1']);
    const other = nv.reissue(a.workOrder, { sampleNumbers: ['RW-1'] })!;
    await poller.poll();
    expect(await labNumbers(a.id, 'Nvirotek')).toEqual({ 'RW-1': '' });
    expect(await submission(a.id)).toMatchObject({ state: 'Waiting', error: M.workOrderReissued('Nvirotek', a.workOrder, other.jobNumber, a.labJobId) });
    expect((await listed(a.id, 'Nvirotek', 'waiting'))?.error).toBe(M.workOrderReissued('Nvirotek', a.workOrder, other.jobNumber, a.labJobId));
    expect(await noResults(a.id, 'Nvirotek')).toEqual({ 'RW-1': NO.notRead('Nvirotek', a.workOrder) });
    nv.undoReissue(a.workOrder);
    await poller.poll();
    expect(await submission(a.id)).toMatchObject({ error: null, error_kind: null });
    expect(await noResults(a.id, 'Nvirotek')).toEqual({ 'RW-1': NO.waiting('Nvirotek') });
  });

  it.each([
    ['send_failed', M.couldNotSend('Nvirotek')],
    ['refused', M.refusedBy('Nvirotek')],
  ] as const)('clears only a reissue\'s error when the lab answers the own job: an error of kind %s on a row holding its work order stays (ADR 0248)', async (kind, text) => {
    const a = await sent('Nvirotek', `Kept Error ${kind}`, [`KE-${kind}-1`]);
    // written through the repository, as a writer of that kind does (none writes one on a row holding its work order today)
    const error = `${text}. kept for the test`;
    await db().transaction().execute((trx) => new SubmissionsRepository().setError(trx, a.id, kind, error));
    nv.publish(a.workOrder);
    await poller.poll();
    // the results are read, the error stays, and nothing says the work order came back
    expect(await labNumbers(a.id, 'Nvirotek')).toEqual({ [`KE-${kind}-1`]: expect.stringMatching(/\S/) });
    expect(await submission(a.id)).toMatchObject({ state: 'Results', error, error_kind: kind });
    expect(await historyOf(a.id)).not.toContain(M.workOrderReturned('Nvirotek', a.workOrder, a.labJobId));
    await poller.poll();
    expect(await submission(a.id)).toMatchObject({ error, error_kind: kind });
  });
});

describe('a work order the lab does not know (404, ADR 0248)', () => {
  const orderPath = (lab: 'Nvirotek' | 'Wynland', workOrder: string) => (lab === 'Wynland' ? `GET /submissions/${workOrder}` : `GET /api/v1/orders/${workOrder}`);
  it.each(['Nvirotek', 'Wynland'] as const)('%s: the row and its samples say so, once in its history, until the lab answers the work order again and its results are read', async (lab) => {
    const p = `UO-${lab[0]}`;
    const a = await sent(lab, `Unknown Order ${lab} Co`, [`${p}-1`]);
    // the lab has lost the order: it answers 404 for the work order, poll after poll
    standOf(lab).failNext(100_000, 404, lab === 'Wynland' ? 'no such work number' : 'no such work order', 0, orderPath(lab, a.workOrder));
    try {
      await poller.poll();
      await poller.poll();
      await poller.poll();
    } finally {
      standOf(lab).failNext(0);
    }
    const told = M.workOrderUnknown(lab, a.workOrder);
    expect(await submission(a.id)).toMatchObject({ state: 'Waiting', error: told, error_kind: 'work_order_unknown', refused: false, submission_work_order: a.workOrder, lab_job_id: a.labJobId });
    expect((await listed(a.id, lab, 'waiting'))?.error).toBe(told);
    expect((await historyOf(a.id)).filter((r) => r === told)).toHaveLength(1);
    // and the log once, not at every poll while the row says it
    expect(logged.filter((l) => l.includes('could not read the results of a lab order') && l.includes(`"submissionId":${a.id}`))).toHaveLength(1);
    // its sample does not wait for the lab: the lab does not know its work order (view and print)
    expect(await noResults(a.id, lab)).toEqual({ [`${p}-1`]: NO.notKnown(lab, a.workOrder) });

    // the lab finds the order again, its result published: the error is cleared, told once, and the result read
    standOf(lab).publish(a.workOrder);
    await poller.poll();
    await poller.poll();
    expect(await submission(a.id)).toMatchObject({ state: 'Results', error: null, error_kind: null });
    expect(await noResults(a.id, lab)).toEqual({ [`${p}-1`]: undefined });
    expect((await labNumbers(a.id, lab))[`${p}-1`]).not.toBe('');
    expect((await historyOf(a.id)).filter((r) => r === M.workOrderKnownAgain(lab, a.workOrder))).toHaveLength(1);
  });

  it("does not write over a send's error kept on the row: it stays, and nothing is told", async () => {
    const a = await sent('Nvirotek', 'Unknown Kept Co', ['UK-1']);
    const error = `${M.couldNotSend('Nvirotek')}. kept for the test`;
    await db().transaction().execute((trx) => new SubmissionsRepository().setError(trx, a.id, 'send_failed', error));
    nv.failNext(100_000, 404, 'no such work order', 0, orderPath('Nvirotek', a.workOrder));
    try {
      await poller.poll();
    } finally {
      nv.failNext(0);
    }
    expect(await submission(a.id)).toMatchObject({ error, error_kind: 'send_failed' });
    expect(await historyOf(a.id)).not.toContain(M.workOrderUnknown('Nvirotek', a.workOrder));
  });
});

describe('a lab job linked by hand (Manual Link) is read as a sent order (ADR 0247)', () => {
  const CASES: [Lab, 'refused' | 'failed'][] = [['Nvirotek', 'refused'], ['Nvirotek', 'failed'], ['Wynland', 'refused'], ['Wynland', 'failed'], ['NvirotekFarmer', 'refused'], ['NvirotekFarmer', 'failed']];
  const outsideOf = (lab: Lab) => (lab === 'Wynland' ? 'Wynland' : 'Nvirotek');
  const orderPath = (lab: Lab) => (lab === 'Wynland' ? 'POST /submissions' : 'POST /api/v1/orders');
  const link = (lab: Lab, submissionId: number, labJobId: string) => staff.call((kindOf(lab) === 'soil' ? farmersEp : ep).manualLabId, { submissionId, labJobId });
  /** Submitted, and its send refused by the lab or failed (the lab down for orders: it stays down until the test's end) */
  async function notSent(lab: Lab, how: 'refused' | 'failed', client: string, sampleNumbers: string[]): Promise<number> {
    if (how === 'refused') standOf(lab).answer({ mode: 'refused', message: 'account on hold' }, { client });
    else standOf(lab).failNext(100_000, 503, 'down for maintenance', 0, orderPath(lab));
    const id = await submit(lab, client, sampleNumbers);
    await expect.poll(async () => (await submission(id)).error, { timeout: 15_000, interval: 100 }).not.toBeNull();
    expect(await submission(id)).toMatchObject({ refused: how === 'refused', submission_work_order: null, lab_job_id: null });
    return id;
  }

  it.each(CASES)('%s, its send %s: linked to a job the lab made, it holds the job\'s work order, and the poll reads its results into it', async (lab, how) => {
    const client = `Linked ${lab} ${how}`;
    const p = `LK-${lab.slice(0, 3).toUpperCase()}${kindOf(lab) === 'soil' ? 'S' : ''}-${how[0].toUpperCase()}`;
    const id = await notSent(lab, how, client, [`${p}-1`, `${p}-2`]);
    // the samples reached the lab another way: a job of its own, its results published
    const job = standOf(lab).addJob(`${p}-JOB`, { kind: kindOf(lab), sampleNumbers: [`${p}-1`, `${p}-2`] });
    const r = await link(lab, id, ` ${job.jobNumber} `);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toBe(true);
    expect(await submission(id)).toMatchObject({
      state: 'Waiting', lab_job_id: job.jobNumber, submission_work_order: job.workOrder, lab_work_order: job.workOrder, error: null, refused: false,
    });
    expect(await listed(id, lab, 'waiting')).toMatchObject({ labJobId: job.jobNumber, submissionWorkOrder: job.workOrder, labWorkOrder: job.workOrder, error: null, refused: false });
    expect(await historyOf(id)).toContain(`Lab job ${job.jobNumber} linked by hand: work order ${job.workOrder}`);
    const audit = await db().selectFrom('audit_log').select(['old_values', 'new_values']).where('entity', '=', 'submission').where('entity_id', '=', String(id)).where('action', '=', 'update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    // the audit keeps what changed: the refusal only where there was one
    expect(audit.new_values).toEqual({ labJobId: job.jobNumber, workOrder: job.workOrder, error: null, ...(how === 'refused' ? { refused: false } : {}) });
    expect(audit.old_values).toMatchObject({ labJobId: null, workOrder: null, ...(how === 'refused' ? { refused: true } : {}) });
    await poller.poll();
    expect(await labNumbers(id, lab)).toEqual({ [`${p}-1`]: job.samples[0].labNumber, [`${p}-2`]: job.samples[1].labNumber });
    expect(await submission(id)).toMatchObject({ state: 'Results', error: null, refused: false });
    expect(await listed(id, lab, 'results')).toMatchObject({ error: null, unmatched: [] });
    expect(await historyOf(id)).toContain(`Results from ${outsideOf(lab)}: 2 of 2 samples`);
    // not sent again: the send left it alone
    expect(standOf(lab).orders.filter((o) => o.client === client)).toEqual([]);
  });

  it.each(['Nvirotek', 'Wynland', 'NvirotekFarmer'] as Lab[])('%s: a job whose work order another submission holds is refused at labJobId, naming it; nothing is stored', async (lab) => {
    const p = `LH-${lab.slice(0, 3).toUpperCase()}${kindOf(lab) === 'soil' ? 'S' : ''}`;
    const holder = await sent(lab, `Holder ${lab}`, [`${p}-1`]);
    // the lab gives the holder's work order to a job of its own (a number reused), which a user then links to another submission
    const other = standOf(lab).reissue(holder.workOrder, { sampleNumbers: [`${p}-2`] })!;
    try {
      const id = await notSent(lab, 'refused', `Linking ${lab}`, [`${p}-2`]);
      const before = await submission(id);
      const r = await link(lab, id, other.jobNumber);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ fields: [{ field: 'labJobId', message: M.linkedWorkOrderHeld(outsideOf(lab), other.jobNumber, holder.workOrder, holder.id) }] });
      expect(await submission(id)).toEqual(before);
    } finally {
      standOf(lab).undoReissue(holder.workOrder);
    }
  });

  it("a lab's malformed answer for a job is a 502 saying so, and links nothing", async () => {
    const id = await notSent('Nvirotek', 'refused', 'Malformed Co', ['LM-1']);
    nv.addJob('NVJ-MALFORMED-1', { sampleNumbers: ['LM-1'] });
    nv.turnHostile({ mode: 'page-wrong-types', paths: ['/api/v1/jobs/'] });
    try {
      const r = await link('Nvirotek', id, 'NVJ-MALFORMED-1');
      expect(r.status).toBe(502);
      expect(JSON.stringify(r.body)).toContain('Nvirotek answered something that is not a lab job');
    } finally {
      nv.turnHostile(null);
    }
    expect(await submission(id)).toMatchObject({ lab_job_id: null, submission_work_order: null, refused: true });
  });

  /**
   * The send as the server runs it, with the real Nvirotek client and stand-in, during which a user's Manual Link of
   * `jobNumber` lands: the link is made as the order is being placed.
   */
  function linkedWhileSending(id: number, jobNumber: string): SubmissionLabJobs {
    const real = createNvirotekClient({ url: nv.url, apiKey: 'nv-key', timeoutMs: 3_000 });
    const racing = { ...real, placeOrder: async (order: Parameters<typeof real.placeOrder>[0]) => {
      expect((await link('Nvirotek', id, jobNumber)).body).toBe(true);
      return real.placeOrder(order);
    } };
    const log = server.built.app.log;
    return new SubmissionLabJobs(db(), new JobQueue(db(), server.built.deps.notifier, log), { nvirotek: racing, wynland: createWynlandClient({ url: wl.url, apiKey: 'wl-key', timeoutMs: 3_000 }) }, log);
  }

  it('a job linked by hand while the lab places the order: the link stands, the placed order is told in the history, not taken', async () => {
    // refused (never sent again by the server's own queue), then the lab takes orders for this client again
    const id = await notSent('Nvirotek', 'refused', 'Race Co', ['LR-1']);
    nv.resetAnswers();
    const job = nv.addJob('LR-JOB', { sampleNumbers: ['LR-1'] });
    expect(await linkedWhileSending(id, job.jobNumber).send(id)).toMatch(/^not taken: /);
    expect(await submission(id)).toMatchObject({ lab_job_id: job.jobNumber, submission_work_order: job.workOrder, lab_work_order: job.workOrder, error: null, refused: false });
    const placed = nv.orders.filter((o) => o.client === 'Race Co');
    expect(placed).toHaveLength(1);
    expect((await historyOf(id)).some((h) => h.includes(`work order ${placed[0].workOrder}`) && h.endsWith('not taken, a lab job was linked by hand meanwhile'))).toBe(true);
  });

  it('a job linked by hand while a send fails: the link stands without the failure\'s error, and the order is not sent again', async () => {
    const id = await notSent('Nvirotek', 'refused', 'Race Fail Co', ['LF-1']);
    nv.resetAnswers();
    const job = nv.addJob('LF-JOB', { sampleNumbers: ['LF-1'] });
    // the lab is down for orders once: the send that fails is the one during which the link lands
    nv.failNext(1, 503, 'down for maintenance', 0, 'POST /api/v1/orders');
    // not thrown (a thrown failure is sent again by the queue): the submission holds its job
    expect(await linkedWhileSending(id, job.jobNumber).send(id)).toMatch(/^not taken: /);
    expect(await submission(id)).toMatchObject({ lab_job_id: job.jobNumber, submission_work_order: job.workOrder, error: null, error_kind: null, refused: false });
    expect((await historyOf(id)).some((h) => h.startsWith('Could not send to Nvirotek') && h.endsWith('(a lab job was linked by hand meanwhile)'))).toBe(true);
    expect(nv.orders.filter((o) => o.client === 'Race Fail Co')).toEqual([]);
  });

  it("a job the lab does not know: false (the screen says \"Can't find lab id.\"), nothing stored", async () => {
    const id = await notSent('Wynland', 'refused', 'Unknown Job Co', ['LU-1']);
    const r = await link('Wynland', id, 'J-NO-SUCH-JOB');
    expect(r).toMatchObject({ status: 200, body: false });
    expect(await submission(id)).toMatchObject({ lab_job_id: null, submission_work_order: null, refused: true });
  });
});
