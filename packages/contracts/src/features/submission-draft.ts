import { z } from 'zod';
import { DateOnly } from '../endpoint';
import { int, text } from '../fields';
import { MAX_TEXT } from '../paging';
import {
  FARMERS_SUBMISSION_LABS, FARMERS_TESTS, LEAF_SUBMISSION_LABS, LEAF_TESTS, ORGAN_TYPES, SUBMISSION_MESSAGES as M, captureFitsLab, outsideLabOf,
} from './submission-enums';

/**
 * A submission as the Prepare Submission dialog builds it (spec part 2 §3 draft header and sample row) and
 * the rules it must keep (§5), written once: the dialog shows each on its row and field, the server checks
 * them again (`draftProblems`). The shapes only bound what is sent; the rules say what is missing.
 */
export const MAX_SAMPLES_A_GROUP = 500;
export const MAX_GROUPS = 50;

const RefId = int({ min: 0, message: 'Must be a whole number' }).default(0);

export const SampleRow = z.object({
  /** the capture this row came from (0: a row added by hand) */
  testDataId: RefId,
  sampleNumber: text({ max: 50 }).default(''),
  blockNumber: text({ max: 50 }).default(''),
  cropId: RefId,
  cultivars: z.array(int({ min: 1 })).max(20, 'At most 20 cultivars').default([]),
  /** the growth phase, as typed or chosen */
  growthStage: text({ max: 100 }).default(''),
  organTypeEnum: z.enum(ORGAN_TYPES, { error: 'Choose an organ type' }).default('Normal'),
  test: text({ max: 64 }).default(''),
  optionalTests: z.array(text({ max: 64 })).max(40, 'At most 40 optional tests').default([]),
  notes: text({ max: 500 }).default(''),
  /** marked deleted (−): kept in the dialog, left out of the submission */
  delete: z.boolean().default(false),
});
export type SampleRow = z.output<typeof SampleRow>;
export type SampleRowInput = z.input<typeof SampleRow>;

const header = {
  clientName: text({ max: MAX_TEXT }).default(''),
  farmName: text({ max: MAX_TEXT }).default(''),
  agentId: RefId,
  depotId: RefId,
  agronomistId: RefId,
  languageId: RefId,
  dateSent: DateOnly.nullable().default(null),
  dateSampled: DateOnly.nullable().default(null),
  area: text({ max: MAX_TEXT }).default(''),
  sentBy: text({ max: MAX_TEXT }).default(''),
  waybill: text({ max: MAX_TEXT }).default(''),
};
const groups = z.array(z.array(SampleRow).max(MAX_SAMPLES_A_GROUP, `At most ${MAX_SAMPLES_A_GROUP} samples a group`))
  .max(MAX_GROUPS, `At most ${MAX_GROUPS} groups`);

export const LeafSubmissionDraft = z.object({ ...header, lab: z.enum(LEAF_SUBMISSION_LABS, { error: 'Choose the submission lab' }), samples: groups });
export const FarmersSubmissionDraft = z.object({ ...header, lab: z.enum(FARMERS_SUBMISSION_LABS, { error: 'Choose the submission lab' }), samples: groups });
export type SubmissionDraft = z.output<typeof LeafSubmissionDraft> | z.output<typeof FarmersSubmissionDraft>;
export type SubmissionDraftInput = z.input<typeof LeafSubmissionDraft> | z.input<typeof FarmersSubmissionDraft>;

export interface DraftProblem {
  /** the field's path: 'clientName', 'samples.0.2.sampleNumber', 'samples.1' (a group) */
  field: string;
  message: string;
}

/** Why a row's test cannot be submitted (§5), or null: none, Unknown or not a test of the kind; a farmers' row's default. */
export function testProblem(kind: 'leaf' | 'soil', test: string): string | null {
  const tests: readonly string[] = kind === 'leaf' ? LEAF_TESTS : FARMERS_TESTS;
  if (test === '' || test === 'Unknown' || !tests.includes(test)) return M.testUnknown;
  return kind === 'soil' && test === 'FarmerSample' ? M.farmerDefaultTest : null;
}

/** The tests of a kind a row may be submitted with (`testProblem` finds nothing): what the Prepare dialog offers. */
export const submittableTests = (kind: 'leaf' | 'soil'): string[] =>
  (kind === 'leaf' ? LEAF_TESTS : FARMERS_TESTS).filter((t) => testProblem(kind, t) === null);

/** Every rule of §5 the draft breaks, each on its field (an empty list: it may be submitted). */
export function draftProblems(kind: 'leaf' | 'soil', d: Pick<SubmissionDraft, 'clientName' | 'farmName' | 'agentId' | 'depotId' | 'agronomistId' | 'samples'>): DraftProblem[] {
  const out: DraftProblem[] = [];
  const need = (ok: boolean, field: string, message: string) => !ok && out.push({ field, message });
  need(d.clientName.trim() !== '', 'clientName', M.entityRequired);
  need(d.farmName.trim() !== '', 'farmName', M.farmRequired);
  need(d.depotId > 0, 'depotId', M.depotRequired);
  need(d.agentId > 0, 'agentId', M.agentRequired);
  need(d.agronomistId > 0, 'agronomistId', M.agronomistRequired);
  d.samples.forEach((group, g) => {
    const active = group.map((row, r) => ({ row, r })).filter((x) => !x.row.delete);
    need(active.length > 0, `samples.${g}`, M.oneActiveRow);
    const seen = new Map<string, number>();
    for (const { row } of active) {
      const key = row.sampleNumber.trim().toLowerCase();
      if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    for (const { row, r } of active) {
      const at = (f: string) => `samples.${g}.${r}.${f}`;
      const number = row.sampleNumber.trim();
      need(number !== '', at('sampleNumber'), M.sampleNumberRequired);
      need(number === '' || (seen.get(number.toLowerCase()) ?? 0) < 2, at('sampleNumber'), M.sampleNumberTwice);
      need(row.blockNumber.trim() !== '', at('blockNumber'), M.blockRequired);
      if (kind === 'leaf') {
        need(row.cropId > 0, at('cropId'), M.cropRequired);
        need(row.cultivars.length > 0, at('cultivars'), M.cultivarRequired);
        need(row.growthStage.trim() !== '', at('growthStage'), M.growthPhaseRequired);
        need(row.organTypeEnum !== 'None', at('organTypeEnum'), M.organTypeRequired);
      }
      const test = testProblem(kind, row.test);
      if (test) out.push({ field: at('test'), message: test });
    }
  });
  return out;
}

/** A crop with its code at each outside lab (the crop master's lab crops; null: none assigned). */
export interface LabCropCode {
  cropId: number;
  name: string;
  nvirotekCode: string | null;
  wynlandCode: string | null;
}

/**
 * What the draft's outside lab needs besides §5 (issue 31), each on its row's field: a leaf row's crop has a
 * code at that lab (`noLabCropCode`), and a sample number is the order's once (the lab gets every group in one
 * order). Nothing for Manual. The Prepare dialog shows them before Submit, the server refuses them at submit
 * and at Re-send (with the codes as they are then), and a refusal names them in our words.
 */
export function labProblems(
  kind: 'leaf' | 'soil',
  d: { lab: string; samples: Pick<SampleRow, 'sampleNumber' | 'cropId' | 'delete'>[][] },
  crops: readonly LabCropCode[],
): DraftProblem[] {
  const lab = outsideLabOf(d.lab);
  if (!lab) return [];
  const byId = new Map(crops.map((c) => [c.cropId, c]));
  const active = d.samples.flatMap((group, g) => group.map((row, r) => ({ row, at: `samples.${g}.${r}` }))).filter((x) => !x.row.delete);
  const counts = new Map<string, number>();
  for (const { row } of active) {
    const key = row.sampleNumber.trim().toLowerCase();
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const out: DraftProblem[] = [];
  for (const { row, at } of active) {
    const key = row.sampleNumber.trim().toLowerCase();
    if (key && (counts.get(key) ?? 0) > 1) out.push({ field: `${at}.sampleNumber`, message: M.sampleNumberTwiceInOrder(lab) });
    const crop = kind === 'leaf' && row.cropId > 0 ? byId.get(row.cropId) : undefined;
    const code = crop ? (lab === 'Nvirotek' ? crop.nvirotekCode : crop.wynlandCode) : null;
    if (crop && !code?.trim()) out.push({ field: `${at}.cropId`, message: M.noLabCropCode(crop.name, lab) });
  }
  return out;
}

/** Why a row whose capture shows `captureLab` (undefined: a row added by hand) cannot go to `lab`, or null (ADR 0251). */
export const captureLabProblem = (captureLab: string | undefined, lab: string): string | null =>
  captureLab === undefined || captureFitsLab(captureLab, lab) ? null : M.sampleOfOtherLab(captureLab, outsideLabOf(lab) ?? lab);

/**
 * The rows (not marked deleted) whose capture shows another outside lab than the draft's (ADR 0251), each at its
 * sample number: the server refuses them at Submit, the Prepare dialog marks them as the lab is chosen.
 * `labs`: the lab each capture shows, by its id (testDataId).
 */
export function captureLabProblems(
  d: { lab: string; samples: Pick<SampleRow, 'testDataId' | 'delete'>[][] }, labs: ReadonlyMap<number, string>,
): DraftProblem[] {
  return d.samples.flatMap((group, g) => group.flatMap((row, r) => {
    const message = row.delete || row.testDataId === 0 ? null : captureLabProblem(labs.get(row.testDataId), d.lab);
    return message ? [{ field: `samples.${g}.${r}.sampleNumber`, message }] : [];
  }));
}
