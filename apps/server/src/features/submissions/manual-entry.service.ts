import { type ManualEntrySheet, type ManualSaveResult, type ManualSubmissionUpdate, MANUAL_ENTRY_MESSAGES as M, type SubmissionLab, isManualLab, resultRowHasEntry } from '@sapwood/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { HttpError, conflict, fieldError, validationError } from '../../http/errors';
import { CAPTURE_RESULT_MESSAGES, type CaptureResultInput, recordCaptureResults } from '../leafs';
import { holdsResult, labLabel } from './lab-results-view';
import { capturesOfSamples } from './sample-captures';
import { SubmissionResultsRepository } from './submission-results.repository';
import { moveSubmission, submissionOf } from './submission-states.service';

type Kind = 'leaf' | 'soil';
type Update = z.output<typeof ManualSubmissionUpdate>;
type Problem = { field: string; message: string };

/** recordCaptureResults names its rows `rows.{i}` and the capture; the sheet names them `manualResult.{i}` and the sample. */
function renamed(err: unknown): unknown {
  if (!(err instanceof HttpError) || !err.fields) return err;
  return validationError(err.fields.map((f) => ({
    message: f.message,
    field: f.field.replace(/^rows\.(\d+)\.captureId$/, 'manualResult.$1.sampleId').replace(/^rows\./, 'manualResult.'),
  })));
}

const labKey = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/**
 * A lab number names one sample of the submission: a row given the lab number another sample holds (as stored, or
 * as this save leaves it) is refused at its lab number. Only the server sees every row as stored (another user's
 * saves included), so this rule is the server's; the grid shows its 400 at the cell.
 */
function labNumbersTaken(rows: Update['manualResult'], samples: readonly { sampleId: number; sampleNumber: string; labNumber: string | null }[]): Problem[] {
  const after = new Map(samples.map((x) => [x.sampleId, labKey(x.labNumber)]));
  rows.forEach((row) => after.set(row.sampleId, labKey(row.labNumber)));
  return rows.flatMap((row, i) => {
    const key = labKey(row.labNumber);
    const other = key ? samples.find((x) => x.sampleId !== row.sampleId && after.get(x.sampleId) === key) : undefined;
    return other ? [{ field: `manualResult.${i}.labNumber`, message: M.labNumberTaken(row.labNumber.trim(), other.sampleNumber) }] : [];
  });
}

/**
 * The manual entry of a Manual or manual-farmer submission (spec §2 manual submission entry, §3 manual result
 * row, §5): the sheet of its samples with what is stored, and the save of the rows typed, in one transaction
 * through the leafs feature's one results store (audited with the old values and the reason, versioned: a row
 * read at an older version answers 409 and nothing is saved). A sample typed by hand into the submission gets
 * its capture on its first save (ADR 0088). The submission stays locked while it saves, so two saves of it take
 * turns; `submit` then needs every sample to hold a result and moves a Waiting submission to Results.
 */
export class ManualEntryService {
  private readonly results = new SubmissionResultsRepository();

  constructor(private readonly db: Db) {}

  async sheet(kind: Kind, submissionId: number): Promise<ManualEntrySheet> {
    const s = await submissionOf(this.db, kind, submissionId);
    const samples = await this.results.samples(this.db, submissionId);
    return {
      submissionId, kind, lab: s.lab as SubmissionLab, state: s.state, clientName: s.clientName, farmName: s.farmName,
      rows: samples.map((x) => ({
        sampleId: x.sampleId, sampleNumber: x.sampleNumber, labNumber: x.labNumber ?? '', na: x.na ?? false, values: x.values ?? {}, rowVersion: x.rowVersion ?? 0,
      })),
    };
  }

  /** `demo`: the results are demo data (marked as such). */
  save(kind: Kind, input: Update, userId: number | null, demo = false): Promise<ManualSaveResult> {
    return this.db.transaction().execute(async (trx) => {
      const s = await submissionOf(trx, kind, input.submissionId, true);
      const samples = await this.results.samples(trx, s.id);
      const byId = new Map(samples.map((x) => [x.sampleId, x]));
      // a row read at an older version is a conflict before anything else is judged (recordCaptureResults checks it again)
      if (input.manualResult.some((row) => byId.has(row.sampleId) && row.rowVersion !== (byId.get(row.sampleId)!.rowVersion ?? 0))) throw conflict(CAPTURE_RESULT_MESSAGES.changed);
      if (!isManualLab(s.lab)) throw fieldError('submissionId', M.notManual);
      if (s.state === 'Archived') throw fieldError('submissionId', M.notOpen);
      const reason = input.reason.trim();
      if (s.state === 'Completed' && !reason) throw fieldError('reason', M.reasonRequired);
      const problems: Problem[] = [];
      input.manualResult.forEach((row, i) => {
        if (!byId.has(row.sampleId)) problems.push({ field: `manualResult.${i}.sampleId`, message: M.unknownSample });
        // the rule the grid checks as it is typed (values/result-row.ts); N/A with values: recordCaptureResults, with the values' own
        else if (!resultRowHasEntry(row)) problems.push({ field: `manualResult.${i}`, message: M.rowEmpty });
      });
      problems.push(...labNumbersTaken(input.manualResult, samples));
      if (problems.length) throw validationError(problems);
      const captures = await capturesOfSamples(trx, s, kind, input.manualResult.map((row) => byId.get(row.sampleId)!), userId);
      const rows = input.manualResult.map((row, i): CaptureResultInput => ({
        captureId: captures[i], labName: labLabel(s.lab), labNumber: row.labNumber, na: row.na, values: row.values, confirmed: row.confirmed, source: 'Manual',
        submissionId: s.id, expectedVersion: row.rowVersion, demo,
      }));
      let versions: { rowVersion: number }[];
      try {
        versions = await recordCaptureResults(trx, rows, userId, reason || (s.state === 'Waiting' ? 'Results entered by hand' : 'Results corrected by hand'));
      } catch (err) {
        throw renamed(err);
      }
      let state = s.state;
      if (input.submit) {
        const missing = (await this.results.samples(trx, s.id)).flatMap((x, n) => (holdsResult(x) ? [] : [{ field: `manualResult.${n}`, message: M.rowEmpty }]));
        if (missing.length) throw validationError(missing);
        if (s.state === 'Waiting') {
          await moveSubmission(trx, { id: s.id, from: 'Waiting', to: 'Results', userId, reason: 'Results entered by hand' });
          state = 'Results';
        }
      }
      return { rows: input.manualResult.map((row, i) => ({ sampleId: row.sampleId, rowVersion: versions[i].rowVersion })), state };
    });
  }
}
