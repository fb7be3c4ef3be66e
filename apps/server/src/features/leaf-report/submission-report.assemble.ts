import { FARMERS_RESULT_VALUES, LEAF_RESULT_VALUES, type ResolvedNorms, SUBMISSION_LAB_LABELS, type SubmissionLab } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { resolveSampleNorms } from '../cropgrowths';
import { loadTexts } from '../languages';
import { pageChartInput } from './leaf-page';
import { LeafReportRepository, type ReportSubmission } from './leaf-report.repository';
import { LEAF_REPORT_TEXT_KEYS, leafReportTexts } from './leaf-report.texts';
import { farmersHeader, leafHeader, savedChoices } from './report-header';
import { REPORT_PDF_TEXT_KEYS, reportPdfTexts } from './report-pdf.texts';
import type { FarmersPdfSection, FlaggedValue, FrozenReport, LeafPdfPage, LeafPdfSection, SectionBase } from './submission-report.model';
import { SubmissionReportRepository } from './submission-report.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The values an outside lab returned outside their bounds, with what is wrong, in the kind's value order. */
function flaggedValues(kinds: readonly { code: string; label: string; unit: string }[], values: Record<string, number> | null, flags: Record<string, string> | null): FlaggedValue[] {
  return kinds.flatMap((k) => {
    const value = values?.[k.code];
    const flag = flags?.[k.code];
    return typeof value === 'number' && flag ? [{ label: k.label, unit: k.unit, value, flag }] : [];
  });
}

/**
 * Builds the frozen document of a report from what is stored now: each submission's saved settings (else its
 * defaults), the brand of its address and distributor, the names, the texts in its language, and per page the
 * values, the norms resolved for the sample (crop master), the DRIS block and the saved texts.
 */
export class ReportAssembler {
  private readonly leafRepo = new LeafReportRepository();
  private readonly repo = new SubmissionReportRepository();
  private readonly norms = new Map<string, Promise<ResolvedNorms>>();

  constructor(private readonly db: Db) {}

  private async section(s: ReportSubmission, h: { languageId: number; addressId: number; distributorId: number; agronomistId: number; agentId: number; clientName: string; farmName: string }): Promise<SectionBase> {
    const [address, distributor, agronomists, agents, stored] = await Promise.all([
      this.repo.address(this.db, h.addressId),
      this.repo.distributor(this.db, h.distributorId),
      this.repo.names(this.db, 'agronomists', [h.agronomistId]),
      this.repo.names(this.db, 'agents', [h.agentId]),
      loadTexts(this.db, h.languageId || null, REPORT_PDF_TEXT_KEYS),
    ]);
    return {
      submissionId: s.id,
      lab: SUBMISSION_LAB_LABELS[s.lab as SubmissionLab] ?? s.lab,
      brand: {
        name: address?.name ?? '', logoWord: address?.logo_word ?? '', distributor: distributor?.name ?? '',
        lines: address ? [address.address_line, address.area, address.code, address.number, address.email, address.website].filter(Boolean) : [],
      },
      logo: distributor?.image_path && distributor.image_hash ? { distributorId: distributor.id, imagePath: distributor.image_path, imageHash: distributor.image_hash } : null,
      clientName: h.clientName, farmName: h.farmName,
      agronomist: agronomists.get(h.agronomistId) ?? '', agent: agents.get(h.agentId) ?? '',
      languageId: h.languageId, texts: reportPdfTexts(stored),
    };
  }

  private normsOf(cropId: number, cultivarId: number | null, stageId: number | null): Promise<ResolvedNorms> {
    const key = `${cropId}:${cultivarId}:${stageId}`;
    let p = this.norms.get(key);
    if (!p) {
      p = resolveSampleNorms(this.db, cropId, cultivarId, stageId);
      this.norms.set(key, p);
    }
    return p;
  }

  /** The submissions a report is made of, their report settings (by submission) and all their samples. */
  private async submissionsOf(submissionIds: number[]) {
    const subs = new Map((await this.leafRepo.submissions(this.db, submissionIds)).map((s) => [s.id, s]));
    const settings = new Map((await this.leafRepo.settings(this.db, submissionIds)).map((s) => [s.submissionId, s]));
    const all = await this.leafRepo.samples(this.db, submissionIds);
    return { subs, settings, all };
  }

  /** The leaf report of the pages' samples, one section per submission in the order given. */
  async leaf(reportId: number, submissionIds: number[], sampleIds: number[], onSection?: (done: number) => Promise<void>): Promise<FrozenReport> {
    const { subs, settings, all } = await this.submissionsOf(submissionIds);
    const wanted = new Set(sampleIds);
    const sections: LeafPdfSection[] = [];
    for (const id of submissionIds) {
      const s = subs.get(id);
      if (!s) continue;
      const header = leafHeader(s, settings.get(id));
      const choices = new Map((savedChoices(settings.get(id)) ?? []).map((c) => [c.id, c]));
      const base = await this.section(s, header);
      const pageTexts = leafReportTexts(await loadTexts(this.db, header.languageId || null, LEAF_REPORT_TEXT_KEYS));
      const ids = all.filter((x) => x.submissionId === id && wanted.has(x.id)).map((x) => x.id);
      const saved = new Map((await this.leafRepo.pages(this.db, id, ids)).map((p) => [p.sampleId, p]));
      const pages: LeafPdfPage[] = [];
      for (const sampleId of ids) {
        const source = await this.leafRepo.pageSource(this.db, id, sampleId);
        if (!source || !source.matched) continue;
        const norms = source.cropId ? await this.normsOf(source.cropId, source.cultivarIds[0] ?? null, source.growthStageId) : { elements: [], drisGraphs: [] };
        const choice = choices.get(sampleId);
        pages.push({
          sampleId, sampleNumber: source.sampleNumber, blockNumber: source.blockNumber, crop: source.cropName ?? '', cultivars: source.cultivarNames,
          growthStage: source.growthStage, organType: choice?.organTypeEnum ?? source.organType, sampleDate: iso(source.capturedAt), na: source.na,
          excludeImage: choice?.excludeImage ?? false,
          chart: pageChartInput({ source, header, norms, texts: pageTexts }),
          recommendation: saved.get(sampleId)?.recommendation ?? '', plantSay: saved.get(sampleId)?.plantSay ?? '',
          flagged: flaggedValues(LEAF_RESULT_VALUES, source.values, source.flags),
        });
      }
      const { graphType, includeSummary, includeIndex, includeGuidelines, includeDrisGraphs, includeCultivarLabels, excludeNa, includeSanas } = header;
      sections.push({ ...base, options: { graphType, includeSummary, includeIndex, includeGuidelines, includeDrisGraphs, includeCultivarLabels, excludeNa, includeSanas }, pageTexts, pages });
      await onSection?.(sections.length);
    }
    return { kind: 'leaf', reportId, generatedOn: new Date().toISOString(), sections };
  }

  /** The farmers' report of the submissions: each one's chosen samples (saved, else the matched ones) with their values. */
  async farmers(reportId: number, submissionIds: number[], onSection?: (done: number) => Promise<void>): Promise<FrozenReport> {
    const { subs, settings, all } = await this.submissionsOf(submissionIds);
    const sections: FarmersPdfSection[] = [];
    for (const id of submissionIds) {
      const s = subs.get(id);
      if (!s) continue;
      const h = farmersHeader(s, settings.get(id));
      const base = await this.section(s, { ...h, addressId: h.address, distributorId: h.distributor, agentId: h.agent });
      const choices = savedChoices(settings.get(id));
      const chosen = choices ? new Set(choices.map((c) => c.id)) : null;
      const rows = all.filter((x) => x.submissionId === id && x.matched && (chosen ? chosen.has(x.id) : true));
      const values = new Map((await this.repo.sampleValues(this.db, rows.map((r) => r.id))).map((v) => [v.id, v]));
      sections.push({
        ...base,
        samples: rows.map((r) => {
          const v = values.get(r.id);
          const stored = (v?.values ?? {}) as Record<string, number>;
          const flags = (v?.flags ?? {}) as Record<string, string>;
          return {
            sampleId: r.id, sampleNumber: r.sampleNumber, blockNumber: r.blockNumber, labNumber: v?.labNumber ?? '', sampleDate: iso(r.capturedAt), na: r.na,
            values: FARMERS_RESULT_VALUES.map((f) => {
              const value = typeof stored[f.code] === 'number' ? stored[f.code] : null;
              return { label: f.label, unit: f.unit, value, ...(value !== null && flags[f.code] ? { flag: flags[f.code] } : {}) };
            }),
          };
        }),
      });
      await onSection?.(sections.length);
    }
    return { kind: 'soil', reportId, generatedOn: new Date().toISOString(), sections };
  }
}
