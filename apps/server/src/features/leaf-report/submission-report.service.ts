import { FARMERS_REPORT_MESSAGES, LEAF_REPORT_MESSAGES, SUBMISSION_REPORT_MESSAGES, type SubmissionReportStatus } from '@sapwood/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { type JobContext, type JobQueue, PermanentJobError } from '../../platform/jobs/job-queue';
import { distributorLogo } from '../../platform/reports/report-logo';
import { fileNamePart } from '../../platform/reports/report-pdf';
import { type FileStorage, readAll } from '../../platform/storage/storage';
import { renderFarmersPdf } from './farmers-pdf';
import { renderLeafPdf } from './leaf-pdf';
import { LeafReportRepository } from './leaf-report.repository';
import { noResultMessage } from './no-result';
import { savedChoices } from './report-header';
import { ReportAssembler } from './submission-report.assemble';
import type { FrozenReport } from './submission-report.model';
import { type ReportKind, SubmissionReportRepository } from './submission-report.repository';

export const SUBMISSION_REPORT_JOB = 'submission-report';

/**
 * The leaf and farmers' report PDFs as records (issue 15): a request is checked and stored with its job in one
 * transaction; the job freezes the document (settings, values, norms, DRIS, texts), draws the PDF from it and
 * stores both; the file is then served as stored, byte for byte, whatever changes later.
 */
export class SubmissionReportService {
  private readonly repo = new SubmissionReportRepository();
  private readonly leafRepo = new LeafReportRepository();

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly files: FileStorage,
    private readonly log: FastifyBaseLogger,
  ) {
    jobs.register(SUBMISSION_REPORT_JOB, (payload, ctx) => this.build(payload as { reportId: number }, ctx));
  }

  /** The leaf report of the preview's pages (one submission's, or several's: Combine Reports). */
  async requestLeaf(asked: number[], userId: number): Promise<number> {
    const leafIds = [...new Set(asked)];
    const owners = new Map((await this.repo.sampleOwners(this.db, leafIds)).map((o) => [o.id, o]));
    const submissionIds: number[] = [];
    for (const id of leafIds) {
      const o = owners.get(id);
      if (!o) throw fieldError('leafIds', SUBMISSION_REPORT_MESSAGES.notFound);
      if (o.kind !== 'leaf') throw fieldError('leafIds', LEAF_REPORT_MESSAGES.notLeaf);
      if (!o.matched) throw fieldError('leafIds', await noResultMessage(this.db, o.submissionId, o));
      if (!submissionIds.includes(o.submissionId)) submissionIds.push(o.submissionId);
    }
    return this.enqueue('leaf', submissionIds, leafIds, userId);
  }

  /** The farmers' report of the submissions (their chosen samples, else the matched ones). */
  async requestFarmers(submissionIds: number[], userId: number): Promise<number> {
    const subs = new Map((await this.leafRepo.submissions(this.db, submissionIds)).map((s) => [s.id, s]));
    const samples = await this.leafRepo.samples(this.db, submissionIds);
    const settings = new Map((await this.leafRepo.settings(this.db, submissionIds)).map((s) => [s.submissionId, s]));
    for (const id of submissionIds) {
      const s = subs.get(id);
      if (!s) throw notFound('Submission');
      if (s.kind !== 'soil') throw fieldError('submissionIds', LEAF_REPORT_MESSAGES.notFarmers);
      const chosen = savedChoices(settings.get(id));
      const ids = chosen ? new Set(chosen.map((c) => c.id)) : null;
      const mine = samples.filter((x) => x.submissionId === id && (ids ? ids.has(x.id) : true));
      if (ids && mine.length === 0) throw fieldError('submissionIds', FARMERS_REPORT_MESSAGES.noneSelected);
      if (!mine.some((x) => x.matched)) throw fieldError('submissionIds', FARMERS_REPORT_MESSAGES.noneMatched);
    }
    return this.enqueue('soil', submissionIds, [], userId);
  }

  private enqueue(kind: ReportKind, submissionIds: number[], sampleIds: number[], userId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const reportId = await this.repo.insert(trx, { kind, submissionIds, sampleIds, userId });
      const jobId = await this.jobs.enqueue(SUBMISSION_REPORT_JOB, { reportId }, userId, trx);
      await this.repo.attachJob(trx, reportId, jobId);
      await recordChange(trx, { userId, entity: 'submission_report', entityId: reportId, action: 'create', newValues: { kind, submissionIds, sampleIds } });
      return reportId;
    });
  }

  private async record(kind: ReportKind, id: number) {
    const r = await this.repo.report(this.db, id);
    if (!r || r.kind !== kind) throw notFound('Report');
    return r;
  }

  async status(kind: ReportKind, id: number): Promise<SubmissionReportStatus> {
    const r = await this.record(kind, id);
    return {
      id: r.id, kind: r.kind, submissionIds: r.submissionIds, status: r.status, progress: r.progress, error: r.error ?? null,
      fileName: r.fileName, createdAt: r.createdAt,
    };
  }

  async file(kind: ReportKind, id: number): Promise<{ fileName: string; data: Buffer }> {
    const r = await this.record(kind, id);
    if (!r.fileKey || !r.fileName) throw notFound('Report file');
    const data = await readAll(this.files, r.fileKey);
    if (!data) throw notFound('Report file');
    return { fileName: r.fileName, data };
  }

  /** Freezes the document, draws the PDF from it and stores both. */
  private async build({ reportId }: { reportId: number }, ctx: JobContext): Promise<void> {
    const r = await this.repo.report(this.db, reportId);
    if (!r) throw new PermanentJobError(`report ${reportId} not found`);
    const assembler = new ReportAssembler(this.db);
    const sections = r.submissionIds.length;
    const assembled = (n: number) => ctx.progress(Math.round((40 * n) / Math.max(1, sections)));
    const frozen: FrozenReport = r.kind === 'leaf'
      ? await assembler.leaf(reportId, r.submissionIds, r.sampleIds, assembled)
      : await assembler.farmers(reportId, r.submissionIds, assembled);
    if (frozen.sections.length === 0) throw new PermanentJobError('The submissions of this report no longer exist.');
    const logos = new Map<number, Buffer | null>();
    for (const s of frozen.sections) {
      if (s.logo && !logos.has(s.logo.distributorId)) logos.set(s.logo.distributorId, await distributorLogo(this.files, this.log, s.logo.imagePath, s.logo.imageHash));
    }
    let last = 40;
    const drawn = (done: number, total: number) => {
      const pct = 40 + Math.round((50 * done) / Math.max(1, total));
      if (pct >= last + 5) {
        last = pct;
        void ctx.progress(pct);
      }
    };
    const pdf = frozen.kind === 'leaf' ? await renderLeafPdf(frozen, logos, drawn) : await renderFarmersPdf(frozen, logos, drawn);
    const first = frozen.sections[0];
    const fileName = `${frozen.kind === 'leaf' ? 'leaf' : 'farmers'}-report-${fileNamePart(first.clientName)}-${frozen.generatedOn.slice(0, 10)}-${reportId}.pdf`;
    const fileKey = `reports/submissions/${reportId}.pdf`;
    await this.files.put(fileKey, pdf);
    await this.repo.saveResult(this.db, reportId, { frozen, fileKey, fileName, fileSize: pdf.length });
  }
}
