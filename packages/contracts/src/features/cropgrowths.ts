import { z } from 'zod';
import { IdOrNew, RowVersion, decimal, id, text, versioned } from '../fields';
import { NOT_FOUND, Ok, endpoint } from '../endpoint';
import { MAX_TEXT, PagedRequest, pagedResponse } from '../paging';
import { BOUND_MESSAGES, type ValueProblem, valueProblems } from '../values/bounds';
import { growthRangeBounds } from '../values/norm-bounds';

/**
 * Crop growth admin (/carbohydratesgrowths, spec part 2 §2–§5, §7; part 1 §7 'growth and crop
 * maintenance'). Every call is a POST under /api/carbohydrate/ and needs CarbohydrateEntries, except
 * the read-only pick list getregions (any signed-in user).
 *
 * A range is `{ min, med, max }`, each a finite number from 0 to 100 (%) or null; given values must
 * satisfy min ≤ med ≤ max. Sugar and starch are % dry matter (the unit the lab reports).
 *
 * Payloads:
 * - crops: the paging request → `{ rows: GrowthCropRow[], total }` (sort by name, factor, growthCounts, active).
 * - cropgrowths `{ cropId }` → CropGrowths `{ crop, growths }`, growths in order (sequenceNumber 1..n).
 * - cropgrowthsupsert `{ id (0 = new crop), name, factor, rowVersion (required when id > 0), growths? }`
 *   saves the crop and, when `growths` is given, its whole ordered list of growth stages in one
 *   transaction: each item is a stage (id 0 = new) and its position renumbers sequenceNumber from 1.
 *   The list must hold every current stage of the crop (deleting goes through cropgrowthsremove).
 *   Answers the saved CropGrowths; a stale rowVersion answers 409.
 * - cropgrowthsremove `{ id, assignId }`: moves every lab job entry and captured sample of stage `id` to
 *   stage `assignId` (same crop) and archives stage `id`, in one transaction; the rest renumber from 1.
 *   No assignId answers 400 'Select a growth to reassign'. Answers `{ rowVersion, movedEntries, movedSamples }`.
 * - updatecropactive `{ id, active }` → true.
 * - getregions `{ cropId }` → CropRegion[] (pick list).
 * - regionscropgrowths `{ cropId }` → `{ growths, regions: OverrideOwner[] }`: each region with one
 *   growth value per stage (override false and the stage's own values where none is stored).
 * - addregion `{ cropId, name }` → CropRegion; deleteregion `{ id }` → true (archived, kept for entries).
 * - updateregions `{ cropId, regions: [{ id, rowVersion, growthValues }] }` → as regionscropgrowths.
 * - cultivargrowth `{ cropId }` → `{ growths, cultivars: OverrideOwner[] }`.
 * - addcultivar `{ cropId, name }` → CropRegion-shaped cultivar; deletecultivar `{ id }` → true (archived).
 * - updatecultivargrowth `{ cropId, cultivars: [{ id, rowVersion, growthValues }] }` → as cultivargrowth.
 * A growth value is `{ growthStageId, override, sugar, starch }`; with override true its ranges take the
 * place of the stage's own (precedence: ADR 0050, range resolution). A range value outside its usual range
 * (values/norm-bounds.ts) is saved only when the growth (or overriding growth value) names it in `confirmed`.
 */
/** A sugar or starch range's value: % of dry matter, so 0–100 (values/norm-bounds.ts growthRangeBounds). */
const RangeValue = decimal({
  min: growthRangeBounds('sugar').min, max: growthRangeBounds('sugar').max, message: 'Must be a number', finiteMessage: 'Must be a finite number',
  minMessage: BOUND_MESSAGES.negative, maxMessage: BOUND_MESSAGES.atMost(growthRangeBounds('sugar')),
}).nullable();

export const RANGE_MESSAGES = {
  medBelowMin: 'Med must not be below Min',
  maxBelowMed: 'Max must not be below Med',
  maxBelowMin: 'Max must not be below Min',
} as const;

/** min ≤ med ≤ max among the values given (nulls are skipped). */
export const GrowthRange = z
  .object({ min: RangeValue.default(null), med: RangeValue.default(null), max: RangeValue.default(null) })
  .superRefine((r, ctx) => {
    if (r.min !== null && r.med !== null && r.med < r.min) ctx.addIssue({ code: 'custom', path: ['med'], message: RANGE_MESSAGES.medBelowMin });
    if (r.med !== null && r.max !== null && r.max < r.med) ctx.addIssue({ code: 'custom', path: ['max'], message: RANGE_MESSAGES.maxBelowMed });
    else if (r.med === null && r.min !== null && r.max !== null && r.max < r.min) ctx.addIssue({ code: 'custom', path: ['max'], message: RANGE_MESSAGES.maxBelowMin });
  });
export type GrowthRange = z.output<typeof GrowthRange>;
const EMPTY_RANGE = { min: null, med: null, max: null };

const Name = text({ min: 1, max: MAX_TEXT, message: 'Name required', maxMessage: `At most ${MAX_TEXT} characters` });
const Id = id('Must be a number', 'Must be a positive id');
const CropIdInput = z.object({ cropId: Id });

export const CropGrowthStage = z.object({
  id: z.number().int(),
  sequenceNumber: z.number().int(),
  name: z.string(),
  sugar: GrowthRange,
  starch: GrowthRange,
  linkedTissueId: z.number().int().nullable(),
  linkedTissueName: z.string().nullable(),
  displayOnReport: z.boolean(),
  method: z.string(),
});
export type CropGrowthStage = z.output<typeof CropGrowthStage>;

/** The values of a growth's ranges, as a save names those it confirmed outside their usual range. */
export const GROWTH_RANGE_PATHS = ['sugar.min', 'sugar.med', 'sugar.max', 'starch.min', 'starch.med', 'starch.max'] as const;
const GrowthConfirmed = z.array(z.enum(GROWTH_RANGE_PATHS)).max(6).default([]);
const PART_LABELS: Record<string, string> = { sugar: 'Sugar', starch: 'Starch', min: 'Min', med: 'Med', max: 'Max' };

/** A growth's sugar and starch values outside their bounds (at 'sugar.max'), labelled 'Sugar Max' (values/norm-bounds.ts). */
export function growthRangeProblems(v: { sugar?: Partial<GrowthRange>; starch?: Partial<GrowthRange> }, confirmed: readonly string[] = []): (ValueProblem & { label: string })[] {
  const values = Object.fromEntries(GROWTH_RANGE_PATHS.map((at) => {
    const [what, part] = at.split('.') as ['sugar' | 'starch', keyof GrowthRange];
    const n = v[what]?.[part];
    return [at, typeof n === 'number' ? n : null];
  }));
  return valueProblems(values, (at) => growthRangeBounds(at.split('.')[0] as 'sugar' | 'starch'), confirmed)
    .map((p) => ({ ...p, label: p.at.split('.').map((x) => PART_LABELS[x]).join(' ') }));
}

/** A value outside its usual range, not confirmed, is refused at its field (issue 31); impossible ones are the range's own. */
function refineGrowthRanges(v: { sugar?: Partial<GrowthRange>; starch?: Partial<GrowthRange>; confirmed: readonly string[] }, ctx: z.RefinementCtx) {
  for (const p of growthRangeProblems(v, v.confirmed)) {
    if (p.level === 'unusual') ctx.addIssue({ code: 'custom', path: p.at.split('.'), message: p.message });
  }
}

export const CropGrowthInput = z.object({
  id: IdOrNew,
  name: Name,
  sugar: GrowthRange.default(EMPTY_RANGE),
  starch: GrowthRange.default(EMPTY_RANGE),
  linkedTissueId: id(undefined, 'Choose an organ type').nullable().default(null),
  displayOnReport: z.boolean().default(true),
  method: text({ max: MAX_TEXT }).default(''),
  /** the values outside their usual range the user confirmed ('sugar.max') */
  confirmed: GrowthConfirmed,
}).superRefine(refineGrowthRanges);
export type CropGrowthInput = z.input<typeof CropGrowthInput>;

export const GrowthCropHeader = z.object({
  id: z.number().int(),
  name: z.string(),
  factor: z.number(),
  active: z.boolean(),
  imagePath: z.string().nullable(),
  rowVersion: z.number().int(),
});
export type GrowthCropHeader = z.output<typeof GrowthCropHeader>;
export const GrowthCropRow = GrowthCropHeader.extend({ growthCounts: z.number().int() });
export type GrowthCropRow = z.output<typeof GrowthCropRow>;
export const CropGrowths = z.object({ crop: GrowthCropHeader, growths: z.array(CropGrowthStage) });
export type CropGrowths = z.output<typeof CropGrowths>;

export const CropGrowthsUpsert = versioned(z.object({
  id: IdOrNew,
  name: Name,
  factor: decimal({ min: 0, max: 1_000_000, message: 'Factor must be a number' }).gt(0, 'Factor must be greater than 0'),
  rowVersion: RowVersion.optional(),
  growths: z.array(CropGrowthInput).max(200).optional(),
}));
export type CropGrowthsUpsertInput = z.input<typeof CropGrowthsUpsert>;

export const CropRegion = z.object({ id: z.number().int(), name: z.string(), cropId: z.number().int(), rowVersion: z.number().int() });
export type CropRegion = z.output<typeof CropRegion>;

export const StageGrowthValue = z.object({
  growthStageId: Id,
  override: z.boolean().default(false),
  sugar: GrowthRange.default(EMPTY_RANGE),
  starch: GrowthRange.default(EMPTY_RANGE),
});
export type StageGrowthValue = z.output<typeof StageGrowthValue>;
export type StageGrowthValueInput = z.input<typeof StageGrowthValue>;

/** A region or a cultivar with its per-stage values. */
export const OverrideOwner = z.object({ id: z.number().int(), name: z.string(), rowVersion: z.number().int(), growthValues: z.array(StageGrowthValue) });
export type OverrideOwner = z.output<typeof OverrideOwner>;
/** A growth value as a save takes it: an overriding one's values outside their usual range confirmed (issue 31). */
export const StageGrowthValueEntry = StageGrowthValue.extend({ confirmed: GrowthConfirmed }).superRefine((v, ctx) => {
  if (v.override) refineGrowthRanges(v, ctx);
});
/** A region's (or cultivar's) changed values as its dialog saves them. */
export const OwnerUpdate = z.object({ id: Id, rowVersion: RowVersion, growthValues: z.array(StageGrowthValueEntry).max(200) });
export type OwnerUpdateInput = z.input<typeof OwnerUpdate>;

export const RegionsCropGrowths = z.object({ growths: z.array(CropGrowthStage), regions: z.array(OverrideOwner) });
export const CultivarGrowths = z.object({ growths: z.array(CropGrowthStage), cultivars: z.array(OverrideOwner) });

const access = { permission: 'CarbohydrateEntries' } as const;
const post = '/api/carbohydrate';

export const cropGrowthsEndpoints = {
  crops: endpoint({ method: 'POST', path: `${post}/crops`, writes: 'nothing', access, input: PagedRequest, output: pagedResponse(GrowthCropRow) }),
  cropGrowths: endpoint({ method: 'POST', path: `${post}/cropgrowths`, writes: 'nothing', answers: { 404: NOT_FOUND }, access, input: CropIdInput, output: CropGrowths }),
  cropGrowthsUpsert: endpoint({ method: 'POST', path: `${post}/cropgrowthsupsert`, writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access, input: CropGrowthsUpsert, output: CropGrowths }),
  cropGrowthsRemove: endpoint({
    method: 'POST', path: `${post}/cropgrowthsremove`, writes: { unversioned: 'removes', reason: 'archives the crop, moving every reference to the one chosen' }, answers: { 404: NOT_FOUND }, access,
    input: z.object({
      id: Id,
      assignId: id('Select a growth to reassign'),
    }),
    output: z.object({ rowVersion: z.number().int(), movedEntries: z.number().int(), movedSamples: z.number().int() }),
  }),
  updateCropActive: endpoint({
    method: 'POST', path: `${post}/updatecropactive`, writes: { unversioned: 'flag', reason: 'sets the crop\'s active flag to the value chosen' }, answers: { 404: NOT_FOUND }, access,
    input: z.object({ id: Id, active: z.boolean({ error: 'Active must be true or false' }) }), output: Ok,
  }),
  getRegions: endpoint({ method: 'POST', path: `${post}/getregions`, writes: 'nothing', access: { session: true }, input: CropIdInput, output: z.array(CropRegion) }),
  regionsCropGrowths: endpoint({ method: 'POST', path: `${post}/regionscropgrowths`, writes: 'nothing', answers: { 404: NOT_FOUND }, access, input: CropIdInput, output: RegionsCropGrowths }),
  addRegion: endpoint({ method: 'POST', path: `${post}/addregion`, writes: { unversioned: 'creates', reason: 'adds a new region' }, answers: { 404: NOT_FOUND }, access, input: z.object({ cropId: Id, name: Name }), output: CropRegion }),
  deleteRegion: endpoint({ method: 'POST', path: `${post}/deleteregion`, writes: { unversioned: 'removes', reason: 'deletes the region' }, answers: { 404: NOT_FOUND }, access, input: z.object({ id: Id }), output: Ok }),
  updateRegions: endpoint({
    method: 'POST', path: `${post}/updateregions`, writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access,
    input: z.object({ cropId: Id, regions: z.array(OwnerUpdate).max(500) }), output: RegionsCropGrowths,
  }),
  cultivarGrowth: endpoint({ method: 'POST', path: `${post}/cultivargrowth`, writes: 'nothing', answers: { 404: NOT_FOUND }, access, input: CropIdInput, output: CultivarGrowths }),
  addCultivar: endpoint({ method: 'POST', path: `${post}/addcultivar`, writes: { unversioned: 'creates', reason: 'adds a new cultivar' }, answers: { 404: NOT_FOUND }, access, input: z.object({ cropId: Id, name: Name }), output: CropRegion }),
  deleteCultivar: endpoint({ method: 'POST', path: `${post}/deletecultivar`, writes: { unversioned: 'removes', reason: 'deletes the cultivar' }, answers: { 404: NOT_FOUND }, access, input: z.object({ id: Id }), output: Ok }),
  updateCultivarGrowth: endpoint({
    method: 'POST', path: `${post}/updatecultivargrowth`, writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access,
    input: z.object({ cropId: Id, cultivars: z.array(OwnerUpdate).max(500) }), output: CultivarGrowths,
  }),
};
