import {
  FARMERS_REPORT_MESSAGES, type FarmersReportData, FarmersReportRequest, LEAF_REPORT_MESSAGES, type LeafPreReport,
  type LeafReportPreview, LeafReportRequest, type PreviewPage, QuestImageQuery, type ResolvedNorms, SavePage, leafImageUrl,
} from '@sapwood/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { resolveSampleNorms } from '../cropgrowths';
import { noResultReasons } from '../submissions';
import { loadTexts } from '../languages';
import { type PageInput, pagePng, pageSvg } from './leaf-page';
import { noResultMessage } from './no-result';
import { LeafReportRepository, type ReportSampleRow, type ReportSubmission, type StoredSettings } from './leaf-report.repository';
import { LEAF_REPORT_TEXT_KEYS, leafReportTexts } from './leaf-report.texts';
import { type SavedChoice, farmersHeader, leafHeader, savedChoices } from './report-header';

type Kind = 'leaf' | 'soil';

type LeafRequest = z.output<typeof LeafReportRequest>;
type FarmersRequest = z.output<typeof FarmersReportRequest>;

/** What a prereport builds one submission's answer from. */
interface PerSubmission {
  id: number;
  s: ReportSubmission;
  saved: StoredSettings | undefined;
  samples: ReportSampleRow[];
  extraSampleNumbers: string[];
}

/**
 * The report settings and previews (issue 15): the Report Settings dialog's data, the checks of §5 before a
 * report, the settings and page texts saved, and the preview image of a page.
 */
export class LeafReportService {
  private readonly repo = new LeafReportRepository();

  constructor(private readonly db: Db) {}

  private async submissionsOf(kind: Kind, ids: readonly number[]): Promise<Map<number, ReportSubmission>> {
    const found = new Map((await this.repo.submissions(this.db, ids)).map((s) => [s.id, s]));
    for (const id of ids) {
      const s = found.get(id);
      if (!s) throw notFound('Submission');
      if (s.kind !== kind) throw fieldError('ids', kind === 'leaf' ? LEAF_REPORT_MESSAGES.notLeaf : LEAF_REPORT_MESSAGES.notFarmers);
    }
    return found;
  }

  /** The leaf Report Settings dialog's data per submission (saved settings, else the submission's defaults). */
  async preReport(ids: readonly number[]): Promise<LeafPreReport[]> {
    const why = await noResultReasons(this.db, ids);
    return this.perSubmission('leaf', ids, ({ s, saved, samples, extraSampleNumbers }) => {
      const header = leafHeader(s, saved);
      const choices = savedChoices(saved);
      const chosen = new Map((choices ?? []).map((c) => [c.id, c]));
      return {
        header,
        rowVersion: saved?.rowVersion ?? 0,
        samples: samples.map((x) => ({
          id: x.id, cropId: x.cropId, cultivars: x.cultivarIds, dateCaptured: x.capturedAt, excludeImage: chosen.get(x.id)?.excludeImage ?? false,
          growthStage: x.growthStage, growthStageId: x.growthStageId, matchedResult: x.matched, noResult: x.matched ? null : why.get(x.id) ?? null, notes: x.notes, sample: x.sampleNumber,
          dataId: x.captureId, blockNumber: x.blockNumber, organTypeEnum: chosen.get(x.id)?.organTypeEnum ?? x.organType,
          selected: choices ? chosen.has(x.id) : x.matched,
        })),
        extraSampleNumbers,
      };
    });
  }

  /** Per submission of the kind (all of them there, else 404/400): the submission, its saved settings, samples and extra sample numbers. */
  private async perSubmission<T>(kind: Kind, ids: readonly number[], build: (d: PerSubmission) => T): Promise<T[]> {
    const subs = await this.submissionsOf(kind, ids);
    const samples = await this.repo.samples(this.db, ids);
    const settings = new Map((await this.repo.settings(this.db, ids)).map((s) => [s.submissionId, s]));
    const out: T[] = [];
    for (const id of ids) {
      const extraSampleNumbers = await this.repo.extraSampleNumbers(this.db, id);
      out.push(build({ id, s: subs.get(id)!, saved: settings.get(id), samples: samples.filter((x) => x.submissionId === id), extraSampleNumbers }));
    }
    return out;
  }

  /** The samples a report chose, checked against its submission: every one in it; unknown ones answer 400. */
  private chosenSamples<C extends { id: number; selected: boolean }>(i: number, req: { submissionId: number; samples: C[] }, all: ReportSampleRow[]) {
    const own = new Map(all.filter((x) => x.submissionId === req.submissionId).map((x) => [x.id, x]));
    return req.samples.flatMap((c, j) => {
      const row = own.get(c.id);
      if (!row) throw fieldError(`${i}.samples.${j}.id`, LEAF_REPORT_MESSAGES.unknownSample);
      return c.selected ? [{ choice: c, row, j }] : [];
    });
  }

  /**
   * Saves each report's settings over the version it read, in one transaction with its audit record: a newer
   * version answers 409 and saves none of them. The saved versions.
   */
  private saveSettings(reports: { report: LeafRequest | FarmersRequest; choices: SavedChoice[] }[], userId: number) {
    return this.db.transaction().execute(async (trx) => {
      const versions: { submissionId: number; rowVersion: number }[] = [];
      for (const { report, choices } of reports) {
        const { samples: _samples, rowVersion: read, ...header } = report;
        const rowVersion = await this.repo.saveSettings(trx, { submissionId: report.submissionId, header, samples: choices, rowVersion: read, userId });
        if (rowVersion === undefined) throw conflict(LEAF_REPORT_MESSAGES.settingsChanged);
        await recordChange(trx, { userId, entity: 'report_settings', entityId: report.submissionId, action: read === 0 ? 'create' : 'update', newValues: { header, samples: choices } });
        versions.push({ submissionId: report.submissionId, rowVersion });
      }
      return versions;
    });
  }

  /** Settings read at an older version are a conflict before the choices are judged (saveSettings checks it again, atomically). */
  private async refuseStale(reports: readonly { submissionId: number; rowVersion: number }[]): Promise<void> {
    const stored = new Map((await this.repo.settings(this.db, reports.map((r) => r.submissionId))).map((x) => [x.submissionId, x.rowVersion]));
    if (reports.some((r) => r.rowVersion !== (stored.get(r.submissionId) ?? 0))) throw conflict(LEAF_REPORT_MESSAGES.settingsChanged);
  }

  /** §5 checks, the settings saved, then the preview's pages (one per selected sample with a result). */
  async updateReportData(reports: LeafRequest[], userId: number): Promise<LeafReportPreview> {
    const ids = reports.map((r) => r.submissionId);
    await this.submissionsOf('leaf', ids);
    await this.refuseStale(reports);
    const all = await this.repo.samples(this.db, ids);
    const plans = reports.map((r, i) => {
      const chosen = this.chosenSamples(i, r, all);
      for (const c of chosen) {
        if ((c.choice.organTypeEnum ?? c.row.organType) === 'None') throw fieldError(`${i}.samples.${c.j}.organTypeEnum`, LEAF_REPORT_MESSAGES.organType);
      }
      if (chosen.length === 0) throw fieldError(`${i}.samples`, LEAF_REPORT_MESSAGES.noneSelected);
      if (!chosen.some((c) => c.row.matched)) throw fieldError(`${i}.samples`, LEAF_REPORT_MESSAGES.noneMatched);
      return { report: r, chosen };
    });
    const versions = await this.saveSettings(plans.map(({ report, chosen }) => ({
      report, choices: chosen.map((c) => ({ id: c.row.id, excludeImage: c.choice.excludeImage, organTypeEnum: c.choice.organTypeEnum ?? c.row.organType })),
    })), userId);
    const pages: PreviewPage[] = [];
    for (const { report, chosen } of plans) {
      const onPage = chosen.filter((c) => c.row.matched && !(report.excludeNa && c.row.na));
      const texts = new Map((await this.repo.pages(this.db, report.submissionId, onPage.map((c) => c.row.id))).map((p) => [p.sampleId, p]));
      for (const { row } of onPage) {
        const t = texts.get(row.id);
        pages.push({
          imageUrl: leafImageUrl(report.submissionId, row.id), sampleId: row.id, submissionId: report.submissionId, sample: row.sampleNumber,
          recommendation: t?.recommendation ?? '', plantSay: t?.plantSay ?? '', rowVersion: t?.rowVersion ?? 0,
        });
      }
    }
    return { pages, versions };
  }

  /** The preview's Save: the page's texts over the version read. */
  async savePage(input: z.output<typeof SavePage>, userId: number): Promise<{ rowVersion: number }> {
    await this.submissionsOf('leaf', [input.submissionId]);
    const source = await this.repo.pageSource(this.db, input.submissionId, input.sampleId);
    if (!source) throw fieldError('sampleId', LEAF_REPORT_MESSAGES.unknownSample);
    return this.db.transaction().execute(async (trx) => {
      const rowVersion = await this.repo.savePage(trx, { ...input, userId });
      if (rowVersion === undefined) throw conflict(LEAF_REPORT_MESSAGES.pageChanged);
      await recordChange(trx, {
        userId, entity: 'report_page', entityId: input.sampleId, action: input.rowVersion === 0 ? 'create' : 'update',
        newValues: { submissionId: input.submissionId, recommendation: input.recommendation, plantSay: input.plantSay },
      });
      return { rowVersion };
    });
  }

  /** What a page is drawn from: the sample, the report's header (saved, else defaults), its norms and texts. */
  async pageInput(submissionId: number, sampleId: number, typed: { recommendation?: string; plantSay?: string } = {}): Promise<PageInput> {
    const sub = (await this.submissionsOf('leaf', [submissionId])).get(submissionId)!;
    const header = leafHeader(sub, (await this.repo.settings(this.db, [submissionId]))[0]);
    const source = await this.repo.pageSource(this.db, submissionId, sampleId);
    if (!source) throw fieldError('leafId', LEAF_REPORT_MESSAGES.unknownSample);
    if (!source.matched) throw fieldError('leafId', await noResultMessage(this.db, submissionId, source));
    const norms: ResolvedNorms = source.cropId
      ? await resolveSampleNorms(this.db, source.cropId, source.cultivarIds[0] ?? null, source.growthStageId)
      : { elements: [], drisGraphs: [] };
    const texts = leafReportTexts(await loadTexts(this.db, header.languageId || null, LEAF_REPORT_TEXT_KEYS));
    const needSaved = typed.recommendation === undefined || typed.plantSay === undefined;
    const saved = needSaved ? (await this.repo.pages(this.db, submissionId, [sampleId]))[0] : undefined;
    return {
      source, header, norms, texts,
      recommendation: typed.recommendation ?? saved?.recommendation ?? '',
      plantSay: typed.plantSay ?? saved?.plantSay ?? '',
    };
  }

  /** GET questimage: the page as a PNG, rendered once. */
  async pageImage(q: z.output<typeof QuestImageQuery>): Promise<Buffer> {
    const input = await this.pageInput(q.submissionId, q.leafId, { recommendation: q.recommendation, plantSay: q.whatDoesPlantSay });
    return pagePng(pageSvg(input).svg);
  }

  /** The farmers' Report Settings data per submission (§3 report data (farmers)). */
  async farmersPreReport(ids: readonly number[]): Promise<FarmersReportData[]> {
    const why = await noResultReasons(this.db, ids);
    return this.perSubmission('soil', ids, ({ id, s, saved, samples, extraSampleNumbers }) => {
      const choices = savedChoices(saved);
      const chosen = new Set((choices ?? []).map((c) => c.id));
      return {
        farmerData: {
          id, ...farmersHeader(s, saved),
          samples: samples.map((x) => ({
            id: x.id, dateCaptured: x.capturedAt, sampleMatched: x.matched, noResult: x.matched ? null : why.get(x.id) ?? null, notes: x.notes, sample: x.sampleNumber, dataId: x.captureId,
            blockNumber: x.blockNumber, selected: choices ? chosen.has(x.id) : x.matched,
          })),
        },
        extraSampleNumbers,
        rowVersion: saved?.rowVersion ?? 0,
      };
    });
  }

  /** The farmers' checks (§5), then the settings saved: per submission the number of samples in its report. */
  async farmersUpdateReportData(reports: FarmersRequest[], userId: number): Promise<{ submissionId: number; samples: number; rowVersion: number }[]> {
    const ids = reports.map((r) => r.submissionId);
    await this.submissionsOf('soil', ids);
    await this.refuseStale(reports);
    const all = await this.repo.samples(this.db, ids);
    const plans = reports.map((r, i) => {
      const chosen = this.chosenSamples(i, r, all);
      if (chosen.length === 0) throw fieldError(`${i}.samples`, FARMERS_REPORT_MESSAGES.noneSelected);
      if (!chosen.some((c) => c.row.matched)) throw fieldError(`${i}.samples`, FARMERS_REPORT_MESSAGES.noneMatched);
      return { report: r, chosen };
    });
    const versions = await this.saveSettings(plans.map(({ report, chosen }) => ({
      report, choices: chosen.map((c) => ({ id: c.row.id, excludeImage: false, organTypeEnum: c.row.organType })),
    })), userId);
    return plans.map(({ report, chosen }, i) => ({ submissionId: report.submissionId, samples: chosen.filter((c) => c.row.matched).length, rowVersion: versions[i].rowVersion }));
  }
}

