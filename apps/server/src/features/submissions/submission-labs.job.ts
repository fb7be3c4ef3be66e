import { SUBMISSION_MESSAGES as M, outsideLabOf } from '@sapwood/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { OutsideSystemError } from '../../platform/integrations/http-json';
import type { LabClient, Labs } from '../../platform/integrations/lab-crops';
import type { LabOrder, LabOrderStatus } from '../../platform/integrations/lab-orders';
import { type JobQueue, PermanentJobError } from '../../platform/jobs/job-queue';
import { recordCaptureResults } from '../leafs';
import { sendError, storedLabProblems } from './lab-order-checks';
import { OwnResultsRepository } from './own-results.repository';
import { matchReturned } from './result-matching';
import { capturesOfSamples } from './sample-captures';
import { SubmissionResultsRepository } from './submission-results.repository';
import type { SendQueue } from './submissions.service';
import { type PollErrorKind, type SubmissionErrorKind, type SubmissionState, SubmissionsRepository, isPollErrorKind } from './submissions.repository';

export const SUBMISSION_SEND_JOB = 'submission-send';
export const LAB_POLL_JOB = 'lab-results-poll';
/** the history's words for a send's outcome that came after a job was linked by hand (Manual Link) */
const LINKED_MEANWHILE = 'a lab job was linked by hand meanwhile';
const LAB_POLL_KEY = 'lab-results-poll';
/** how many submissions the poll reads from the database at a time (it walks them all: ADR 0245) */
export const LAB_POLL_CHUNK = 200;

/** A submission under way at its outside lab, as the poll reads it. */
export interface UnderWay {
  id: number;
  lab: 'Nvirotek' | 'Wynland';
  workOrder: string;
  /** the lab job the lab answered when the order was placed (null only on a row older than that rule) */
  labJobId: string | null;
  error: string | null;
  /** what wrote `error` (ADR 0248): the poll clears only its own, `work_order_reissued` and `work_order_unknown` */
  errorKind: SubmissionErrorKind | null;
}

/**
 * A submission's way to and from its outside lab, off the request path on the job queue (ADR 0086). Sending
 * places the order under the submission's own reference, so a send repeated after a time-out gets the order
 * the lab already made; a lab's refusal (4xx) is kept on the row and not sent again, any other failure is kept
 * too and retried (by the job, then by the poll). The poll, every LAB_POLL_INTERVAL_MINUTES, sends what is
 * unsent and reads the results of every order under way, matched to the submission's rows (ADR 0097) and stored
 * through the leafs feature; the first results move it to Results. It walks every such submission, `chunk` at a
 * time by id, and reads an order only while the lab answers it under the submission's own lab job (ADR 0245).
 */
export class SubmissionLabJobs {
  private readonly repo = new SubmissionsRepository();
  private readonly results = new SubmissionResultsRepository();
  private readonly own = new OwnResultsRepository();
  private readonly chunk: number;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly labs: Labs,
    private readonly log: FastifyBaseLogger,
    /** `chunk`: how many submissions the poll reads from the database at a time (LAB_POLL_CHUNK; a test makes it small) */
    opts: { chunk?: number } = {},
  ) {
    this.chunk = Math.max(1, Math.floor(opts.chunk ?? LAB_POLL_CHUNK));
    jobs.register(SUBMISSION_SEND_JOB, (payload) => {
      const id = (payload as { id?: unknown } | null)?.id;
      if (typeof id !== 'number') throw new PermanentJobError('submission send without a submission id');
      return this.send(id);
    });
    jobs.register(LAB_POLL_JOB, () => this.poll());
  }

  /** Queues the send inside the submitting transaction (workers hear of it when it commits). */
  readonly queueSend: SendQueue = async (trx, submissionId, userId) => {
    await this.jobs.enqueue(SUBMISSION_SEND_JOB, { id: submissionId }, userId, trx);
  };

  schedule(minutes: number): void {
    if (minutes > 0) this.jobs.every(LAB_POLL_JOB, {}, LAB_POLL_KEY, minutes * 60_000);
  }

  private client(lab: 'Nvirotek' | 'Wynland'): LabClient {
    return lab === 'Nvirotek' ? this.labs.nvirotek : this.labs.wynland;
  }

  /** Sends one submission to its lab (nothing when it is manual, gone, or sent already). */
  async send(id: number): Promise<string> {
    const s = await this.repo.find(this.db, id);
    const lab = s ? outsideLabOf(s.lab) : null;
    if (!s || !lab || s.state !== 'Waiting' || s.submissionWorkOrder !== null || s.labJobId !== null) return 'nothing to send';
    // the crops' codes as they are now (a code assigned after a refusal goes with the Re-send)
    const samples = await this.repo.samples(this.db, id);
    const order: LabOrder = {
      reference: s.reference, kind: s.kind, client: s.clientName, farm: s.farmName, dateSampled: s.dateSampled,
      samples: samples.map((x) => ({
        sampleNumber: x.sampleNumber, test: x.test, optionalTests: x.optionalTests,
        cropCode: s.kind === 'leaf' ? (lab === 'Nvirotek' ? x.nvirotekCode : x.wynlandCode) : null,
      })),
    };
    try {
      const placed = await this.client(lab).placeOrder(order);
      return await this.db.transaction().execute(async (trx) => {
        // results are read by work order, and a job stands for the lab's samples: one another submission holds would give
        // each the other's results (the job's lock first, as Manual Link takes them; ADR 0254)
        const jobHolder = await this.repo.holderOfLabJob(trx, lab, placed.labJobId, id);
        const holder = await this.repo.holderOfWorkOrder(trx, lab, placed.workOrder, id);
        const message = holder !== null ? M.workOrderHeld(lab, placed.workOrder, holder)
          : jobHolder !== null ? M.sentLabJobHeld(lab, placed.labJobId, placed.workOrder, jobHolder) : null;
        if (message !== null && (await this.repo.setSendError(trx, id, 'work_order_held', message))) {
          await this.repo.addEvent(trx, { submissionId: id, userId: null, from: 'Waiting', to: 'Waiting', reason: message });
          this.log.warn({ submissionId: id, lab, workOrder: placed.workOrder, labJobId: placed.labJobId, heldBy: holder ?? jobHolder }, 'a lab answered a work order or lab job another submission holds');
          return `refused: ${message}`;
        }
        const sent = `Sent to ${lab}: work order ${placed.workOrder}, lab job ${placed.labJobId}`;
        // (a held work order not kept as an error: a job was linked by hand meanwhile, and setSent stores nothing either)
        if (message !== null || !(await this.repo.setSent(trx, id, placed.workOrder, placed.labJobId))) {
          // a job linked by hand (Manual Link) while the lab placed the order: the link stands, the placed order is told
          const reason = `${sent}: not taken, ${LINKED_MEANWHILE}`;
          await this.repo.addEvent(trx, { submissionId: id, userId: null, from: 'Waiting', to: 'Waiting', reason });
          this.log.warn({ submissionId: id, lab, workOrder: placed.workOrder, labJobId: placed.labJobId }, 'a lab order was placed for a submission linked by hand meanwhile: not taken');
          return `not taken: ${placed.workOrder}`;
        }
        await this.repo.addEvent(trx, { submissionId: id, userId: null, from: 'Waiting', to: 'Waiting', reason: sent });
        return `sent: ${placed.workOrder}`;
      });
    } catch (err) {
      if (!(err instanceof OutsideSystemError)) throw err;
      const refused = err.status !== undefined && err.status >= 400 && err.status < 500;
      const cropIds = [...new Set(samples.flatMap((x) => (x.cropId === null ? [] : [x.cropId])))];
      const problems = refused ? storedLabProblems(s.kind, s.lab, samples, await this.repo.cropCodes(this.db, cropIds)) : [];
      const kept = await this.db.transaction().execute(async (trx) => {
        // a job linked by hand while the order was being placed stands without an error, and is not sent again
        const written = await this.repo.setSendError(trx, id, refused ? 'refused' : 'send_failed', sendError(lab, refused, problems, err.message));
        const reason = `${refused ? 'Refused by' : 'Could not send to'} ${lab}: ${err.message}`;
        await this.repo.addEvent(trx, { submissionId: id, userId: null, from: 'Waiting', to: 'Waiting', reason: written ? reason : `${reason} (${LINKED_MEANWHILE})` });
        return written;
      });
      if (!kept) return `not taken: ${err.message}`;
      if (refused) return `refused: ${err.message}`;
      throw err;
    }
  }

  /**
   * Sends the unsent, then reads the results of every order under way: all of them, however many, a chunk at a
   * time by id; one lab or one order failing stops neither.
   */
  async poll(): Promise<{ sent: number; read: number; results: number }> {
    const out = { sent: 0, read: 0, results: 0 };
    for await (const { id } of this.walk((after, limit) => this.repo.unsent(this.db, after, limit))) {
      try {
        if ((await this.send(id)).startsWith('sent')) out.sent += 1;
      } catch (err) {
        this.log.warn({ err, submissionId: id }, 'could not send a submission to its lab');
      }
    }
    for await (const w of this.walk((after, limit) => this.repo.waitingOnLabs(this.db, after, limit))) {
      try {
        out.results += await this.readResults({ ...w, lab: outsideLabOf(w.lab)! });
        out.read += 1;
      } catch (err) {
        if (err instanceof OutsideSystemError) this.log.warn({ err, submissionId: w.id }, 'could not read the results of a lab order');
        else this.log.error({ err, submissionId: w.id }, 'could not store the results of a lab order');
      }
    }
    return out;
  }

  /** Every row `chunkAfter` finds, `chunk` at a time: each chunk the rows after the last id of the one before. */
  private async *walk<T extends { id: number }>(chunkAfter: (after: number, limit: number) => Promise<T[]>): AsyncGenerator<T> {
    for (let after = 0; ;) {
      const rows = await chunkAfter(after, this.chunk);
      yield* rows;
      if (rows.length < this.chunk) return;
      after = rows[rows.length - 1].id;
    }
  }

  /**
   * Stores the results the lab has published for the order (ADR 0097): each returned sample matched to a row of
   * the submission (`matchReturned`: by lab number once known, else by sample number), a row typed by hand given
   * its capture on its first results, as manual entry does; a returned sample that matches no row kept on the
   * submission with its reason (and a history entry the first time). Answers how many rows got results.
   * Only while the lab answers the work order under the submission's own lab job: one that gave the number to
   * another job (a new order) has nothing of this submission's there (`tellReissued`, ADR 0245); one that answers 404
   * does not know the work order (`tellOnRow` with `workOrderUnknown`, then thrown: the poll logs it, once). Once it answers
   * the own job again, the poll's own error (a reissue's, an unknown work order's) is cleared; any other stays (ADR 0248).
   */
  async readResults(w: UnderWay): Promise<number> {
    const { id, workOrder, lab } = w;
    const status = await this.client(lab).orderStatus(workOrder).catch(async (err: unknown) => {
      // a lab that does not know the order answers so at every poll: the row says so, not only the log; the log (the
      // error thrown) once, when the row is told, not again at every poll while the row says it
      if (err instanceof OutsideSystemError && err.status === 404) {
        const told = await this.tellOnRow(w, 'work_order_unknown', M.workOrderUnknown(lab, workOrder));
        if (!told && w.errorKind === 'work_order_unknown' && w.error === M.workOrderUnknown(lab, workOrder)) return null;
      }
      throw err;
    });
    if (status === null) return 0;
    const answered = status.labJobId.trim();
    if (w.labJobId !== null && answered !== w.labJobId.trim()) {
      await this.tellReissued(w, answered);
      return 0;
    }
    // the lab answers the submission's own job: the poll's own error is cleared below (only its kinds: ADR 0248)
    if (!isPollErrorKind(w.errorKind) && status.samples.length === 0 && status.refused.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      const s = await this.repo.find(trx, id, undefined, true);
      if (!s) return 0;
      // only the poll's own error (read under the row lock); a row without one costs no update. A Completed or Archived
      // row's too (it no longer applies), though nothing more is read into it (ADR 0254)
      if (isPollErrorKind(s.errorKind) && (await this.repo.clearPollError(trx, id, s.errorKind))) {
        const reason = s.errorKind === 'work_order_unknown' ? M.workOrderKnownAgain(lab, workOrder) : M.workOrderReturned(lab, workOrder, answered);
        await this.repo.addEvent(trx, { submissionId: id, userId: null, from: s.state, to: s.state, reason });
        this.log.info({ submissionId: id, lab, workOrder, labJobId: answered }, reason);
      }
      if (s.state !== 'Waiting' && s.state !== 'Results') return 0;
      await this.tellRefused(trx, id, s.state, lab, status.refused);
      if (status.samples.length === 0) return 0;
      const samples = await this.results.samples(trx, id);
      const { matched, unmatched } = matchReturned(samples, status.samples);
      const captures = await capturesOfSamples(trx, s, s.kind, matched.map((m) => m.row), null);
      const rows = matched.map((m, i) => ({ captureId: captures[i], labName: lab, labNumber: m.returned.labNumber, values: m.returned.values, source: lab, submissionId: id }));
      if (rows.length) await recordCaptureResults(trx, rows, null, `Results from ${lab}, work order ${workOrder}`);
      await this.own.matched(trx, id, matched.map((m) => m.returned.labNumber.trim()));
      const kept = await this.own.keep(trx, id, lab, unmatched.map((u) => ({ ...u, sampleNumber: u.sampleNumber.trim(), labNumber: u.labNumber.trim() })));
      if (kept.length) {
        const named = kept.map((u) => (u.labNumber ? `${u.sampleNumber} (${u.labNumber})` : u.sampleNumber));
        await this.repo.addEvent(trx, { submissionId: id, userId: null, from: s.state, to: s.state, reason: M.unmatchedEvent(lab, named) });
      }
      if (s.state === 'Waiting' && rows.length) {
        await this.repo.setState(trx, id, 'Results');
        await this.repo.addEvent(trx, { submissionId: id, userId: null, from: 'Waiting', to: 'Results', reason: `Results from ${lab}: ${rows.length} of ${samples.length} samples` });
      }
      return rows.length;
    });
  }

  /**
   * The lab answers the submission's work order under another lab job than the one it gave the submission (it reused
   * the number for a new order): nothing of it is read. The row says so; the history and the log once (not at every
   * poll while it stays so; again if the lab moves it to yet another job).
   */
  private async tellReissued(w: UnderWay, answered: string): Promise<void> {
    if (await this.tellOnRow(w, 'work_order_reissued', M.workOrderReissued(w.lab, w.workOrder, answered, w.labJobId ?? ''))) this.log.warn({ submissionId: w.id, lab: w.lab, workOrder: w.workOrder, labJobId: w.labJobId, answeredLabJob: answered }, "a lab answers a submission's work order under another lab job: its results are not read");
  }

  /**
   * Why the submission's results are not read, on its row (error of the poll's own `kind`) and once in its history,
   * not at every poll while it stays so; the next answer of the lab under the own job clears it (`readResults`).
   * Either is written over the poll's own kind only (the lab's latest answer), never over an error of another kind (a
   * send's), which stays (ADR 0254). Answers whether it was told now.
   */
  private async tellOnRow(w: UnderWay, kind: PollErrorKind, message: string): Promise<boolean> {
    if (w.error === message) return false;
    return this.db.transaction().execute(async (trx) => {
      const s = await this.repo.find(trx, w.id, undefined, true);
      // a Completed or Archived row is walked only while it holds the poll's own error: that error is kept current
      if (!s || s.error === message || (s.state !== 'Waiting' && s.state !== 'Results' && !isPollErrorKind(s.errorKind))) return false;
      if (s.errorKind !== null && !isPollErrorKind(s.errorKind)) return false;
      await this.repo.setError(trx, w.id, kind, message);
      await this.repo.addEvent(trx, { submissionId: w.id, userId: null, from: s.state, to: s.state, reason: message });
      return true;
    });
  }

  /**
   * Samples the lab sent that could not be read (issue 33) are refused one by one, the others imported: each is
   * told in the submission's history, naming it and what is wrong, once (not again every poll while it stays so).
   */
  private async tellRefused(trx: Db, id: number, state: SubmissionState, lab: 'Nvirotek' | 'Wynland', refused: LabOrderStatus['refused']): Promise<void> {
    for (const r of refused) {
      const reason = M.refusedSampleEvent(lab, r.sampleNumber, r.reason);
      if (await this.repo.hasEvent(trx, id, reason)) continue;
      await this.repo.addEvent(trx, { submissionId: id, userId: null, from: state, to: state, reason });
      this.log.warn({ submissionId: id, lab, sampleNumber: r.sampleNumber }, reason);
    }
  }
}
