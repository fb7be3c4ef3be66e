import { type DraftProblem, type LabCropCode, SUBMISSION_MESSAGES as M, labProblems } from '@sapwood/contracts';
import type { SubmissionSample } from './submissions.repository';

type Stored = Pick<SubmissionSample, 'groupNo' | 'position' | 'sampleNumber' | 'cropId'>;

/**
 * What the submission's outside lab needs of its stored rows (`labProblems`, the rule the Prepare dialog and the
 * submit check), with the crops' codes as they are now, each at the row's place in the draft
 * (`samples.{group}.{position}`: rows left out as deleted keep their places empty).
 */
export function storedLabProblems(kind: 'leaf' | 'soil', lab: string, samples: Stored[], codes: readonly LabCropCode[]): DraftProblem[] {
  const groups: { sampleNumber: string; cropId: number; delete: boolean }[][] = [];
  for (const x of samples) {
    const group = (groups[x.groupNo] ??= []);
    while (group.length < x.position) group.push({ sampleNumber: '', cropId: 0, delete: true });
    group[x.position] = { sampleNumber: x.sampleNumber, cropId: x.cropId ?? 0, delete: false };
  }
  return labProblems(kind, { lab, samples: Array.from(groups, (g) => g ?? []) }, codes);
}

/**
 * The error kept on a submission its lab refused, or that could not be sent: what to fix in our words (the rows'
 * problems, else what to do), then the lab's ('Table grape has no Nvirotek crop code: assign one in Crop.
 * Nvirotek answered 422: sample L1: unknown crop code ''').
 */
export function sendError(lab: 'Nvirotek' | 'Wynland', refused: boolean, problems: DraftProblem[], labWords: string): string {
  const ours = !refused ? M.couldNotSend(lab) : problems.length ? [...new Set(problems.map((p) => p.message))].join('; ') : M.refusedBy(lab);
  return `${ours}. ${labWords}`;
}
