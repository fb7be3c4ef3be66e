import { randomUUID } from 'node:crypto';
import {
  DEFAULT_FARMERS_TEST, DEFAULT_LEAF_TEST, FARMERS_TESTS, LEAF_TESTS, type PrepareData, SUBMISSION_MESSAGES as M, type SampleRow,
  type SubmissionDraft, captureLabProblems, draftProblems, isManualLab, labProblems, outsideLabOf, submittableTests, testLabel,
} from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { HttpError, conflict, fieldError, notFound, validationError } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { OutsideSystemError } from '../../platform/integrations/http-json';
import type { Labs } from '../../platform/integrations/lab-crops';
import type { SearchRequest } from '../../db/keyset';
import { PendingGroupLists, captureSubmissions } from '../leafs';
import { storedLabProblems } from './lab-order-checks';
import { SubmissionResultsRepository } from './submission-results.repository';
import { type NewSample, SubmissionsRepository } from './submissions.repository';

type Kind = 'leaf' | 'soil';
type Problem = { field: string; message: string };

/** Queues the sending of a submission to its outside lab inside the submitting transaction. */
export type SendQueue = (trx: Db, submissionId: number, userId: number | null) => Promise<void>;

const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * Submissions, part one (issue 13): the Prepare dialog's data, the submit (every rule of §5 again on the
 * server, then one transaction: the submission, its rows, its first history entry, its entries to Completed
 * and, for an outside lab, the send queued), the Job Id link, and the delete of a submission without a lab job.
 */
export class SubmissionsService {
  readonly repo = new SubmissionsRepository();
  private readonly results = new SubmissionResultsRepository();
  private readonly pendingLists: PendingGroupLists;

  constructor(
    private readonly db: Db,
    private readonly labs: Labs,
    private readonly queueSend: SendQueue,
  ) {
    this.pendingLists = new PendingGroupLists(db);
  }

  /** A page of the Prepare tab: the kind's Not Completed entries by day, client and farm (the leafs feature keeps the groups). */
  pending(kind: Kind, request: SearchRequest) {
    return this.pendingLists.page(kind, request);
  }

  /** The dialog's header prefilled from the entries, and a sample row for each (all of them Not Completed, or 409). */
  async prepare(kind: Kind, ids: number[]): Promise<PrepareData> {
    const unique = [...new Set(ids)];
    const entries = await captureSubmissions.entries(this.db, kind, unique);
    if (entries.length !== unique.length) throw conflict(M.entryGone);
    const first = entries[0];
    const agents = await this.repo.namesOf(this.db, 'agents', entries.map((e) => e.agent));
    const agronomists = await this.repo.namesOf(this.db, 'agronomists', entries.map((e) => e.agronomist));
    const captured = entries.map((e) => e.capturedAt).filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime());
    // the first entry's lab (of the first that shows one): a row of another outside lab is refused at Submit (ADR 0251)
    const shown = entries.map((e) => e.lab.trim()).find((l) => l !== '');
    const lab = kind === 'leaf' ? (shown === 'Nvirotek' || shown === 'Wynland' ? shown : 'Manual') : shown === 'Nvirotek' ? 'NvirotekFarmer' : 'ManualFarmer';
    const tests = (kind === 'leaf' ? LEAF_TESTS : FARMERS_TESTS).map((key) => ({ key, value: testLabel(key) }));
    return {
      data: {
        clientName: first.clientName, farmName: first.farmName,
        agentId: agents.get(first.agent.trim().toLowerCase()) ?? 0, agronomistId: agronomists.get(first.agronomist.trim().toLowerCase()) ?? 0,
        depotId: 0, languageId: 0, dateSent: dayOf(new Date()), dateSampled: dayOf(captured[0] ?? null),
        area: '', sentBy: '', waybill: '', lab,
      },
      samples: entries.map((e): SampleRow => ({
        testDataId: e.id, sampleNumber: e.sampleNumber, blockNumber: e.blockNumber, cropId: e.cropId ?? 0, cultivars: [], growthStage: '',
        organTypeEnum: 'Normal', test: kind === 'leaf' ? DEFAULT_LEAF_TEST : DEFAULT_FARMERS_TEST, optionalTests: [], notes: '', delete: false,
      })),
      tests,
      optionalTests: tests.filter((t) => submittableTests(kind).includes(t.key)),
      captureLabs: entries.map((e) => ({ testDataId: e.id, lab: e.lab })),
    };
  }

  /** Saves the draft as a submission waiting for its lab: 400 naming every field a rule refuses, 409 when an entry moved on. */
  async submit(kind: Kind, draft: SubmissionDraft, userId: number | null): Promise<{ id: number }> {
    const problems: Problem[] = draftProblems(kind, draft);
    if (problems.length === 0) problems.push(...(await this.referenceProblems(kind, draft)));
    // what the outside lab needs of each row (its crop's code there), as the Prepare dialog checked it
    if (problems.length === 0 && outsideLabOf(draft.lab)) {
      const cropIds = [...new Set(draft.samples.flat().filter((r) => !r.delete && r.cropId > 0).map((r) => r.cropId))];
      problems.push(...labProblems(kind, draft, await this.repo.cropCodes(this.db, cropIds)));
      problems.push(...(await this.otherLabProblems(kind, draft)));
    }
    if (problems.length) throw validationError(problems);
    const rows: NewSample[] = [];
    const entryIds: number[] = [];
    draft.samples.forEach((group, g) => group.forEach((row, r) => {
      if (row.delete) return;
      if (row.testDataId > 0) entryIds.push(row.testDataId);
      rows.push({
        group_no: g, position: r, capture_id: row.testDataId > 0 ? row.testDataId : null, sample_number: row.sampleNumber.trim(), block_number: row.blockNumber.trim(),
        crop_id: row.cropId > 0 ? row.cropId : null, cultivar_ids: row.cultivars, growth_stage: row.growthStage.trim(), organ_type: row.organTypeEnum,
        test: row.test, optional_tests: [...new Set(row.optionalTests)], notes: row.notes,
      });
    }));
    return this.db.transaction().execute(async (trx) => {
      const id = await this.repo.insert(trx, {
        kind, lab: draft.lab, client_name: draft.clientName.trim(), farm_name: draft.farmName.trim(), agent_id: draft.agentId, depot_id: draft.depotId,
        agronomist_id: draft.agronomistId, language_id: draft.languageId > 0 ? draft.languageId : null, date_sent: draft.dateSent, date_sampled: draft.dateSampled,
        area: draft.area, sent_by: draft.sentBy, waybill: draft.waybill, reference: `sapwood-${randomUUID()}`, prepared_by: userId,
      }, rows);
      await this.repo.addEvent(trx, { submissionId: id, userId, from: null, to: 'Waiting', reason: isManualLab(draft.lab) ? 'Submitted for entry by hand' : `Submitted to ${outsideLabOf(draft.lab)}` });
      await captureSubmissions.submitEntries(trx, kind, entryIds, { id, lab: draft.lab }, new Date(), userId);
      await recordChange(trx, { userId, entity: 'submission', entityId: id, action: 'create', newValues: { kind, lab: draft.lab, samples: rows.length, entries: entryIds.length } });
      if (!isManualLab(draft.lab)) await this.queueSend(trx, id, userId);
      return { id };
    });
  }

  /**
   * The rows whose capture shows another outside lab than the one the draft is sent to (ADR 0251): each is refused at
   * its sample number, never sent to a lab it does not show (an entry no longer waiting is the submit's 409).
   */
  private async otherLabProblems(kind: Kind, d: SubmissionDraft): Promise<Problem[]> {
    const ids = [...new Set(d.samples.flat().filter((row) => !row.delete && row.testDataId > 0).map((row) => row.testDataId))];
    const labs = new Map((await captureSubmissions.entries(this.db, kind, ids)).map((e) => [e.id, e.lab]));
    return captureLabProblems(d, labs);
  }

  /** The references the draft names exist (and its cultivars are its crops'); the optional tests are the kind's. */
  private async referenceProblems(kind: Kind, d: SubmissionDraft): Promise<Problem[]> {
    const active = d.samples.flatMap((group, g) => group.map((row, r) => ({ row, at: `samples.${g}.${r}` }))).filter((x) => !x.row.delete);
    const found = await this.repo.missingReferences(this.db, {
      agentId: d.agentId, depotId: d.depotId, agronomistId: d.agronomistId, languageId: d.languageId,
      cropIds: [...new Set(active.map((x) => x.row.cropId).filter((c) => c > 0))], cultivarIds: [...new Set(active.flatMap((x) => x.row.cultivars))],
    });
    const out: Problem[] = [];
    if (found.agent) out.push({ field: 'agentId', message: M.agentRequired });
    if (found.depot) out.push({ field: 'depotId', message: M.depotRequired });
    if (found.agronomist) out.push({ field: 'agronomistId', message: M.agronomistRequired });
    if (found.language) out.push({ field: 'languageId', message: M.languageUnknown });
    const tests = new Set<string>(kind === 'leaf' ? LEAF_TESTS : FARMERS_TESTS);
    for (const { row, at } of active) {
      if (row.cropId > 0 && !found.crops.has(row.cropId)) out.push({ field: `${at}.cropId`, message: M.cropRequired });
      else if (row.cultivars.some((c) => found.cultivars.get(c) !== row.cropId)) out.push({ field: `${at}.cultivars`, message: M.cultivarOfCrop });
      if (row.optionalTests.some((t) => !tests.has(t) || t === 'Unknown')) out.push({ field: `${at}.optionalTests`, message: M.optionalTestUnknown });
    }
    return out;
  }

  /**
   * Links a lab job typed by hand (Manual Link): true when linked; false when the submission has a job or a work order
   * already, or its outside lab does not know the job (a Manual submission takes any). At an outside lab the job's work
   * order is stored with it, as a send stores them, so the poll reads its results (ADR 0247); the row's error and
   * refusal are cleared. 400 at the field when another submission of that lab holds the job or its work order; 502
   * when the lab cannot be asked or answers something that is not a job.
   */
  async linkLabJob(kind: Kind, submissionId: number, labJobId: string, userId: number): Promise<boolean> {
    const s = await this.repo.find(this.db, submissionId, kind);
    if (!s) throw notFound('Submission');
    if (s.labJobId !== null || s.submissionWorkOrder !== null || s.state !== 'Waiting') return false;
    const job = labJobId.trim();
    const outside = outsideLabOf(s.lab);
    let workOrder: string | null = null;
    if (outside) {
      const found = await this.jobAtLab(outside, job);
      if (!found) return false;
      workOrder = found.workOrder;
    }
    return this.db.transaction().execute(async (trx) => {
      if (outside && workOrder !== null) await this.refuseHeld(trx, outside, job, workOrder, submissionId);
      if (!(await this.repo.linkLabJob(trx, submissionId, job, workOrder))) return false;
      await this.repo.addEvent(trx, { submissionId, userId, from: 'Waiting', to: 'Waiting', reason: `Lab job ${job} linked by hand${workOrder === null ? '' : `: work order ${workOrder}`}` });
      await recordChange(trx, {
        userId, entity: 'submission', entityId: submissionId, action: 'update',
        oldValues: { labJobId: null, workOrder: null, error: s.error, refused: s.refused }, newValues: { labJobId: job, workOrder, error: null, refused: false },
      });
      return true;
    });
  }

  /** The outside lab's job of this number (null: it does not know it); a lab that cannot be asked, or answers amiss, is a 502. */
  private async jobAtLab(lab: 'Nvirotek' | 'Wynland', job: string) {
    try {
      return await (lab === 'Nvirotek' ? this.labs.nvirotek : this.labs.wynland).jobOf(job);
    } catch (err) {
      if (err instanceof OutsideSystemError) throw new HttpError(502, 'OutsideSystem', err.message);
      throw err;
    }
  }

  /**
   * One job, one work order, one submission at its lab (under the locks a send takes on a work order): two would stand
   * for the same samples at the lab, and read each other's results. 400 at the field naming the other submission.
   */
  private async refuseHeld(trx: Db, lab: 'Nvirotek' | 'Wynland', job: string, workOrder: string, submissionId: number): Promise<void> {
    const jobHolder = await this.repo.holderOfLabJob(trx, lab, job, submissionId);
    if (jobHolder !== null) throw fieldError('labJobId', M.labJobHeld(job, jobHolder));
    const orderHolder = await this.repo.holderOfWorkOrder(trx, lab, workOrder, submissionId);
    if (orderHolder !== null) throw fieldError('labJobId', M.linkedWorkOrderHeld(lab, job, workOrder, orderHolder));
  }

  /** Each live crop's code at Nvirotek and at Wynland (the Prepare dialog checks the rows against the chosen lab). */
  cropCodes() {
    return this.repo.cropCodes(this.db);
  }

  /**
   * Sends again an order its outside lab refused, or that could not be sent (issue 31), once fixed: the rows as
   * they were submitted, the crops' codes as they are now (a row still lacking one answers 400 at its field, and
   * nothing is sent). Carries the row's version (409 when it changed); the error is cleared, the history and the
   * audit say who sent it again, and the send is queued in the same transaction.
   */
  resend(kind: Kind, id: number, rowVersion: number, userId: number): Promise<true> {
    return this.db.transaction().execute(async (trx) => {
      const s = await this.repo.find(trx, id, kind, true);
      if (!s) throw notFound('Submission');
      if (s.rowVersion !== rowVersion) throw conflict(M.changed);
      if (!outsideLabOf(s.lab) || s.state !== 'Waiting' || !s.error || s.submissionWorkOrder !== null || s.labJobId !== null) throw fieldError('id', M.resendNotNeeded);
      const samples = await this.repo.samples(trx, id);
      const cropIds = [...new Set(samples.flatMap((x) => (x.cropId === null ? [] : [x.cropId])))];
      const problems = storedLabProblems(kind, s.lab, samples, await this.repo.cropCodes(trx, cropIds));
      if (problems.length) throw validationError(problems);
      await this.repo.clearError(trx, id);
      await this.repo.addEvent(trx, { submissionId: id, userId, from: 'Waiting', to: 'Waiting', reason: 'Sent again by hand' });
      await recordChange(trx, {
        userId, entity: 'submission', entityId: id, action: 'update', reason: 'Sent again by hand',
        oldValues: { error: s.error, refused: s.refused }, newValues: { error: null, refused: false },
      });
      await this.queueSend(trx, id, userId);
      return true as const;
    });
  }

  /** Deletes a waiting submission without a lab job nor results; its entries return to Not Completed. */
  delete(kind: Kind, id: number, userId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const s = await this.repo.find(trx, id, kind, true);
      if (!s) throw notFound('Submission');
      if (s.labJobId !== null || s.submissionWorkOrder !== null) throw conflict(M.mayNotDeleteWithLabJob);
      // results saved by hand before the submit are kept: such a submission goes on, it is not deleted
      if (s.state !== 'Waiting' || (await this.results.hasResults(trx, id))) throw conflict(M.mayNotDelete);
      const released = await captureSubmissions.releaseEntries(trx, id, userId);
      await this.repo.delete(trx, id);
      await recordChange(trx, { userId, entity: 'submission', entityId: id, action: 'delete', oldValues: { kind, lab: s.lab, clientName: s.clientName, entries: released } });
      return true;
    });
  }

  archiveEntries(ids: number[], userId: number): Promise<true> {
    return captureSubmissions.archiveEntries(this.db, 'leaf', ids, userId);
  }
}
