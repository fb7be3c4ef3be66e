import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { CARBOHYDRATE_REPORT_MESSAGES as M, type PostResult, type ReportRequest, type SelectionClient, formatDayTime } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import type { MfwClient, MfwResultPost } from '../../platform/integrations/mfw.client';
import { type JobContext, type JobQueue, PermanentJobError } from '../../platform/jobs/job-queue';
import { distributorLogo } from '../../platform/reports/report-logo';
import { fileNamePart as safe } from '../../platform/reports/report-pdf';
import { type FileStorage, readAll } from '../../platform/storage/storage';
import { type ReportGroup, buildGroups, clientsOf } from './report.model';
import { type ReportDocument, renderReportPdf } from './report.pdf';
import { ReportRepository } from './report.repository';
import { upsertFarm } from '../farms';
import { loadTexts } from '../languages';
import { controlsOfResults, refuseHeldResults } from '../qc';
import { REPORT_TEXTS, reportTexts } from './report.texts';

export type ReportOptions = Omit<z.output<typeof ReportRequest>, 'result'>;
type Selection = z.output<typeof ReportRequest>['result'];

export const REPORT_JOB = 'carbohydrate-report';

/** The carbohydrate client report: requested from the results screen, built off the request path, kept as a record. */
export class ReportService {
  private readonly repo: ReportRepository;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly files: FileStorage,
    private readonly mfw: MfwClient,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new ReportRepository(db);
    jobs.register(REPORT_JOB, (payload, ctx) => this.build(payload as { reportId: number }, ctx));
  }

  options() {
    return this.repo.options();
  }

  labResult(id: number) {
    return this.repo.labResult(id).then((r) => r ?? Promise.reject(notFound('Lab result')));
  }

  /** The clients of the selection's entries, with how many each (the dialog's warning, ADR 0252). */
  async selectionClients(selection: Selection): Promise<SelectionClient[]> {
    return clientsOf(selection, await this.repo.entries([...new Set(selection.map((s) => s.id))]));
  }

  /** Checks the request, stores the report record and queues its generation; answers the report id. */
  async request(input: z.output<typeof ReportRequest>, userId: number): Promise<number> {
    const { result: selection, ...options } = input;
    await this.check(selection, options);
    return this.db.transaction().execute(async (trx) => {
      const reportId = await this.repo.insertReport({ userId, options, selection }, trx);
      const jobId = await this.jobs.enqueue(REPORT_JOB, { reportId }, userId, trx);
      await this.repo.attachJob(reportId, jobId, trx);
      await recordChange(trx, { userId, entity: 'carbohydrate_report', entityId: reportId, action: 'create', newValues: { options, selection } });
      return reportId;
    });
  }

  private async check(selection: Selection, options: ReportOptions) {
    const ids = [...new Set(selection.map((s) => s.id))];
    const found = await this.repo.entries(ids);
    if (found.length !== ids.length) throw fieldError('result', 'Some selected results no longer exist; refresh and select again.');
    // a held result (a control rejected, or controls required and not yet entered: ADR 0145, 0253) is neither reported nor sent
    await refuseHeldResults(this.db, ids);
    if (!(await this.repo.address(options.addressId))) throw fieldError('addressId', 'Address not found');
    if (!(await this.repo.distributor(options.distributor))) throw fieldError('distributor', 'Distributor not found');
    if (!(await this.repo.language(options.langId))) throw fieldError('langId', 'Language not found');
    return found;
  }

  async status(id: number) {
    const r = await this.repo.report(id);
    if (!r) throw notFound('Report');
    return { id: r.id, status: r.status as 'queued' | 'running' | 'done' | 'failed', progress: r.progress, error: r.error ?? null, fileName: r.fileName, createdAt: r.createdAt };
  }

  async file(id: number): Promise<{ fileName: string; data: Buffer }> {
    const r = await this.repo.report(id);
    if (!r || !r.fileKey || !r.fileName) throw notFound('Report file');
    const data = await readAll(this.files, r.fileKey);
    if (!data) throw notFound('Report file');
    return { fileName: r.fileName, data };
  }

  /** Builds the PDF of a stored report request; ranges are resolved now and frozen into the record. */
  private async build({ reportId }: { reportId: number }, ctx: JobContext): Promise<void> {
    const report = await this.repo.report(reportId);
    if (!report) throw new PermanentJobError(`report ${reportId} not found`);
    const options = report.options as ReportOptions;
    const selection = report.selection as Selection;
    const { groups, doc } = await this.assemble(selection, options);
    await ctx.progress(10);
    const distributor = await this.repo.distributor(options.distributor);
    const logo = await distributorLogo(this.files, this.log, distributor?.image_path ?? null, distributor?.image_hash ?? null, options.lowImageQuality);
    const texts = reportTexts(await loadTexts(this.db, options.langId, Object.keys(REPORT_TEXTS)));
    const pdf = await renderReportPdf(doc, texts, logo, (n) => void ctx.progress(10 + Math.round((80 * n) / Math.max(1, groups.length))));
    const address = await this.repo.address(options.addressId);
    const fileName = `${safe(address?.file_prefix ?? 'report')}-carbohydrates-${safe(options.client)}-${new Date().toISOString().slice(0, 10)}-${reportId}.pdf`;
    const fileKey = `reports/carbohydrate/${reportId}.pdf`;
    await this.files.put(fileKey, pdf);
    await this.repo.saveResult(reportId, { frozen: doc, fileKey, fileName, fileSize: pdf.length });
  }

  private async assemble(selection: Selection, options: ReportOptions): Promise<{ groups: ReportGroup[]; doc: ReportDocument }> {
    const entries = await this.repo.entries([...new Set(selection.map((s) => s.id))]);
    const cropIds = [...new Set(entries.map((e) => e.cropId))];
    const [stages, regions, cultivars, address, distributor] = await Promise.all([
      this.repo.stages(cropIds),
      this.repo.overrides('region', [...new Set(entries.map((e) => e.regionId).filter((v): v is number => v !== null))]),
      this.repo.overrides('cultivar', [...new Set(entries.map((e) => e.cultivarId).filter((v): v is number => v !== null))]),
      this.repo.address(options.addressId),
      this.repo.distributor(options.distributor),
    ]);
    if (!address) throw new PermanentJobError('Address not found');
    const groups = buildGroups(selection, entries, stages, regions, cultivars);
    const doc: ReportDocument = {
      client: options.client, farm: options.farm, agriculturist: options.agriculturist, agent: options.agent,
      includeSummary: options.includeSummary,
      address: {
        name: address.name, logoWord: address.logo_word,
        lines: [address.address_line, address.area, address.code, address.number, address.email, address.website].filter(Boolean),
      },
      distributor: distributor?.name ?? '',
      groups,
      generatedOn: `${formatDayTime(new Date(), 'UTC')} UTC`,
      ...(options.includeControls ? { controls: await this.controls(entries.map((e) => e.id)) } : {}),
    };
    return { groups, doc };
  }

  /** The controls of the runs of the reported entries, as the report states them. */
  private async controls(entryIds: number[]) {
    const rows = await controlsOfResults(this.db, entryIds);
    return rows.map((c) => ({
      jobId: c.jobId, name: c.name, lot: c.lot, analyte: c.analyte, mean: c.mean, sd: c.sd, value: c.value!, outcome: c.outcome ?? 'pass',
      rules: ((c.violations ?? []) as { rule: string }[]).map((v) => v.rule), released: c.releasedAt !== null,
    }));
  }

  /** Posts each location group's results to MFW; safe to retry (same content, same idempotency key). */
  async postToMfw(input: z.output<typeof ReportRequest>, userId: number): Promise<z.output<typeof PostResult>[]> {
    const { result: selection, ...options } = input;
    const entries = await this.check(selection, options);
    // MFW files every result under the one client posted: another client's entries would be filed under it (ADR 0252)
    const clients = clientsOf(selection, entries);
    if (clients.length > 1) throw fieldError('result', M.uploadOneClient(clients));
    const { groups } = await this.assemble(selection, options);
    const out: z.output<typeof PostResult>[] = [];
    for (const g of groups) {
      const farm = groups.length === 1 ? options.farm : g.farm;
      const post: MfwResultPost = {
        client: options.client, farm, agent: options.agent, agriculturist: options.agriculturist,
        results: g.samples.map((s) => ({
          sampleNumber: s.sampleNumber, block: s.block, crop: s.crop, cultivar: s.cultivar, growthStage: s.growthStage,
          organ: s.organ, sugar: s.sugar, starch: s.starch, sampleDate: s.sampleDate, resultDate: s.resultOn,
        })),
      };
      const key = createHash('sha256').update(JSON.stringify(post)).digest('hex');
      const before = await this.repo.postingAttempts(key);
      const last = await this.mfw.postResults(post, key, (a) =>
        this.repo.insertPosting({
          request: post, key, attempt: before + a.attempt, status: a.ok ? 'success' : 'failed', httpStatus: a.httpStatus,
          response: a.body, error: a.error, farmId: a.farmId, userId,
        }),
      );
      if (last.ok) {
        if (last.farmId) await this.db.transaction().execute((trx) => upsertFarm(trx, { client: options.client, farm, mfwId: last.farmId }, userId));
        out.push({ status: 'Success', message: `${g.entity} / ${farm}: ${post.results.length} results posted${last.farmId ? ` (MFW farm ${last.farmId})` : ''}` });
      } else {
        out.push({ status: 'Failed', message: `${g.entity} / ${farm}: ${last.error ?? 'failed'}` });
      }
    }
    return out;
  }
}
