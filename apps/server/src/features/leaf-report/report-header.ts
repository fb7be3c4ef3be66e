import { type FarmersReportHeader, LeafReportHeader } from '@sapwood/contracts';
import type { ReportSubmission, StoredSettings } from './leaf-report.repository';

/** A sample as saved in the settings: chosen for the report, with its organ type and whether its image is left out. */
export interface SavedChoice {
  id: number;
  excludeImage: boolean;
  organTypeEnum: string;
}

/** The leaf header saved for the submission, else its defaults (§3: from the submission; GraphNew; only the summary). */
export function leafHeader(s: ReportSubmission, saved: StoredSettings | undefined): LeafReportHeader {
  const parsed = LeafReportHeader.safeParse(saved?.header);
  if (parsed.success && parsed.data.submissionId === s.id) return parsed.data;
  return LeafReportHeader.parse({
    submissionId: s.id, languageId: s.languageId ?? 0, clientName: s.clientName, farmName: s.farmName, agronomistId: s.agronomistId, agentId: s.agentId,
  });
}

export const savedChoices = (s: StoredSettings | undefined): SavedChoice[] | undefined => (Array.isArray(s?.samples) ? (s.samples as SavedChoice[]) : undefined);


/** The farmers' header saved for the submission, else its defaults (from the submission; address and distributor 0: none chosen). */
export function farmersHeader(s: ReportSubmission, saved: StoredSettings | undefined): FarmersReportHeader {
  const h = (saved?.header ?? {}) as Partial<FarmersReportHeader>;
  return {
    submissionId: s.id, address: h.address ?? 0, agent: h.agent ?? s.agentId, agronomistId: h.agronomistId ?? s.agronomistId, distributor: h.distributor ?? 0,
    clientName: h.clientName ?? s.clientName, farmName: h.farmName ?? s.farmName, languageId: h.languageId ?? s.languageId ?? 0,
  };
}
