import { z } from 'zod';
import { ELEMENTS } from '../dris/elements';
import { Empty, FILE_STORE_DOWN, NOT_FOUND, Ok, endpoint } from '../endpoint';
import { Count, RowVersion, UploadedFile, decimal, formInt, id, int, text } from '../fields';
import { MAX_TEXT, PagedRequest, pagedResponse } from '../paging';
import { CropDrisGraph, CropDrisGraphEntry, NORM_MESSAGES, NormSet, NormSetEntry, Provenance } from './crop-norms';

/**
 * The crop master (/crops, spec part 2 §2, §3, §7 'Crop'); every call needs Crop except the pick list `all`.
 *
 * Payloads:
 * - paged: the paging request → `{ rows: CropMasterRow[], total }` (search name and alternative names; sort id, name).
 * - all (GET): every live crop `{ id, name }` by name (pick lists, page size 200 on the screen).
 * - get (GET `?id=`) → CropData: the crop, its graph sets with provenance (`norms`), its DRIS graphs, and
 *   `normsVersion` (0 when it has no norms yet), the version a save must carry. Each DRIS graph states the
 *   `units` its norms were published in (default the lab's: % and mg/kg).
 * - upsert (form data): `id` (0 = new) and `data`, the JSON of CropUpsertData → CropData. A range out of
 *   order answers 400 naming `data.norms.graphs.macroGraph.n.med` with 'N: Med must not be below Min'; a value
 *   outside its element's bounds, a CV under 1 (a fraction), or an unusual value not in the entry's `confirmed`
 *   answers 400 at its field (crop-norms.ts `NormSetEntry`, `CropDrisGraphEntry`).
 * - assignlab `{ cropId, labminCropId, wynlandCropId, rowVersion }` (null clears) → the crop's new version; the ids must be lab crops of
 *   Nvirotek and of Wynland; 409 when the crop changed since it was read (both links are sent, so a stale one
 *   would undo another user's).
 * - cultivars `{ id }` → CultivarNorms[]; upsertcultivar `{ cropId, entities }` (cultivarId 0 adds one) → CultivarNorms[].
 * - growthstages `{ id }` → StageNorms[]; upsertgrowthstages `{ cropId, growthStages }` → StageNorms[].
 * - resolvenorms `{ cropId, cultivarId?, growthStageId? }` → ResolvedNorms: per element the range that applies
 *   (growth stage over cultivar over crop, a Selected graph set with a value) and the level it came from.
 * - withcultivars / withgrowths (GET, any signed-in user): every live crop with its live cultivars, or its
 *   growth stages in order (the submission dialogs' pick lists).
 * - upsertcrop `{ cropId, factor, rowVersion, sequenceNumbersIds: [{ id, sequenceNumber, displayOnReport }] }`:
 *   the crop's factor and its stages' order (renumbered 1..n in the order given) → the crop with its stages.
 * - pagedcropgraphs / pagedcultivargraphs: the searchable graph pickers — crops' DRIS graphs, and cultivars
 *   with the graph sets they have Selected.
 * - delete `{ cropId, linkCropId }`: every reference to the crop (cultivars, regions, growth stages with
 *   their norms, lab job entries, captured samples) moves to the linked crop, and the crop is archived,
 *   in one transaction with an audit record naming what moved. A cultivar, region or stage named like one of
 *   the linked crop's (trimmed, any case) merges into it: its references move to that one, its norms and
 *   range overrides fill in what that one lacks, and it is archived (issue 31: nothing listed twice). deletecultivar `{ cultivarId,
 *   linkCultivarId }` (same crop) does the same for a cultivar's entries.
 */
export const CropMasterRow = z.object({
  id: z.number().int(),
  name: z.string(),
  linkedNames: z.array(z.string()),
  labminCropId: z.number().int().nullable(),
  wynlandCropId: z.number().int().nullable(),
  imagePath: z.string().nullable(),
  rowVersion: z.number().int(),
});
export type CropMasterRow = z.output<typeof CropMasterRow>;

export const CropData = CropMasterRow.extend({
  norms: NormSet,
  normsVersion: z.number().int(),
  drisGraphs: z.array(CropDrisGraph),
});
export type CropData = z.output<typeof CropData>;

const CropId = id('Choose a crop');

export const CROP_MESSAGES = {
  linkCrop: 'Choose a crop to link to',
  linkCultivar: 'Choose a cultivar to link to',
  linkSelf: 'Choose another crop: a crop cannot be linked to itself',
  linkCultivarSelf: 'Choose another cultivar: a cultivar cannot be linked to itself',
  linkCultivarCrop: 'Choose a cultivar of the same crop',
  cultivarTwice: 'A cultivar of this crop already has this name',
} as const;
const LinkedName = text({ min: 1, max: MAX_TEXT, message: 'Alternative name required' });

export const CropUpsertData = z.object({
  name: text({ min: 1, max: MAX_TEXT, message: 'Name required' }),
  linkedNames: z.array(LinkedName).max(50, 'At most 50 alternative names').default([]),
  norms: NormSetEntry,
  drisGraphs: z.array(CropDrisGraphEntry).max(20, 'At most 20 DRIS graphs').default([]).superRefine((graphs, ctx) => {
    const seen = new Set<string>();
    graphs.forEach((g, i) => {
      const key = g.graphName.trim().toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'graphName'], message: NORM_MESSAGES.graphTwice });
      seen.add(key);
    });
  }),
  /** the crop's version (new crops: absent) and its norms' version (0 when it had none) as read */
  rowVersion: formInt({ min: 1, message: 'Version required' }).optional(),
  normsVersion: Count.default(0),
  /** true when the form's `image` part carries a new crop image */
  newImage: z.boolean().default(false),
});
export type CropUpsertDataInput = z.input<typeof CropUpsertData>;

/** `data` arrives as a form field holding JSON. */
const JsonField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, schema);

export const CropUpsert = z
  .object({ id: formInt({ min: 0 }).default(0), data: JsonField(CropUpsertData), image: UploadedFile.optional() })
  .superRefine((v, ctx) => {
    if (v.id > 0 && v.data.rowVersion === undefined) ctx.addIssue({ code: 'custom', path: ['data', 'rowVersion'], message: 'The version you loaded is required: reload and save again.' });
  });

/** Where a crop's image is served (low resolution), or the placeholder when it has none. */
export const cropImageUrl = (imagePath: string | null) => (imagePath ? `/upload/crops/${imagePath}-low.png` : '/noimage.jpg');
export const CROP_IMAGE_MESSAGES = {
  choose: 'Choose an image',
  tooLarge: 'The image is too large: at most 5 MB.',
  notImage: 'The image must be a PNG, JPEG or WebP image.',
  unreadable: 'The image could not be read.',
} as const;

export const CultivarNorms = z.object({ cultivarId: z.number().int(), name: z.string(), norms: NormSet, normsVersion: z.number().int(), rowVersion: z.number().int() });
export type CultivarNorms = z.output<typeof CultivarNorms>;
export const CultivarNormsInput = z.object({
  cultivarId: formInt({ min: 0 }).default(0),
  name: text({ min: 1, max: MAX_TEXT, message: 'Name required' }),
  norms: NormSetEntry,
  normsVersion: Count.default(0),
});
export const StageNorms = z.object({ id: z.number().int(), name: z.string(), sequenceNumber: z.number().int(), norms: NormSet, normsVersion: z.number().int() });
export type StageNorms = z.output<typeof StageNorms>;
export const StageNormsInput = z.object({ id: id('Choose a growth stage'), norms: NormSetEntry, normsVersion: Count.default(0) });

export const NORM_LEVELS = ['stage', 'cultivar', 'crop'] as const;
export const ResolvedElement = z.object({
  element: z.enum(ELEMENTS),
  min: z.number().nullable(),
  med: z.number().nullable(),
  max: z.number().nullable(),
  level: z.enum(NORM_LEVELS),
  provenance: Provenance,
});
export type ResolvedElement = z.output<typeof ResolvedElement>;
export const ResolvedNorms = z.object({ elements: z.array(ResolvedElement), drisGraphs: z.array(CropDrisGraph) });
export type ResolvedNorms = z.output<typeof ResolvedNorms>;

export const CropWithCultivars = z.object({ id: z.number().int(), name: z.string(), cultivars: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export const CropWithGrowths = z.object({
  id: z.number().int(), name: z.string(),
  growthStages: z.array(z.object({ id: z.number().int(), name: z.string(), sequenceNumber: z.number().int(), displayOnReport: z.boolean() })),
});
export const CropStagesOrder = z.object({
  cropId: CropId,
  factor: decimal({ min: 0, max: 1_000_000, message: 'Factor must be a number' }).gt(0, 'Factor must be greater than 0'),
  rowVersion: RowVersion,
  sequenceNumbersIds: z.array(z.object({ id: id('Choose a growth stage'), sequenceNumber: int({ min: 1, max: 1000 }), displayOnReport: z.boolean().default(true) })).max(200),
});
/** A crop's DRIS graph in the searchable graph pickers. */
export const CropGraphRow = z.object({ id: z.number().int(), cropId: z.number().int(), cropName: z.string(), graphName: z.string(), selected: z.boolean() });
/** A cultivar with norms in the searchable graph pickers: which of its graph sets are Selected. */
export const CultivarGraphRow = z.object({ cultivarId: z.number().int(), cultivarName: z.string(), cropId: z.number().int(), cropName: z.string(), selectedGraphs: z.array(z.string()) });

const access = { permission: 'Crop' } as const;
export const cropsEndpoints = {
  paged: endpoint({ method: 'POST', path: '/api/crop/paged', writes: 'nothing', access, input: PagedRequest, output: pagedResponse(CropMasterRow) }),
  all: endpoint({ method: 'GET', path: '/api/crop/all', access: { session: true }, input: Empty, output: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  get: endpoint({ method: 'GET', path: '/api/crop/get', answers: { 404: NOT_FOUND }, access, input: z.object({ id: formInt({ min: 1, message: 'Choose a crop' }) }), output: CropData }),
  upsert: endpoint({ method: 'POST', path: '/api/crop/upsert', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND, 503: FILE_STORE_DOWN }, access, multipart: true, input: CropUpsert, output: CropData }),
  assignLab: endpoint({
    method: 'POST', path: '/api/crop/assignlab', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access,
    input: z.object({ cropId: CropId, labminCropId: id('Choose a lab crop').nullable().default(null), wynlandCropId: id('Choose a lab crop').nullable().default(null), rowVersion: RowVersion }),
    output: z.object({ rowVersion: z.number().int() }),
  }),
  cultivars: endpoint({ method: 'POST', path: '/api/crop/cultivars', writes: 'nothing', answers: { 404: NOT_FOUND }, access, input: z.object({ id: CropId }), output: z.array(CultivarNorms) }),
  upsertCultivar: endpoint({
    method: 'POST', path: '/api/crop/upsertcultivar', writes: { version: 'normsVersion' }, answers: { 404: NOT_FOUND }, access,
    input: z.object({ cropId: CropId, entities: z.array(CultivarNormsInput).max(200) }), output: z.array(CultivarNorms),
  }),
  growthStages: endpoint({ method: 'POST', path: '/api/crop/growthstages', writes: 'nothing', answers: { 404: NOT_FOUND }, access, input: z.object({ id: CropId }), output: z.array(StageNorms) }),
  upsertGrowthStages: endpoint({
    method: 'POST', path: '/api/crop/upsertgrowthstages', writes: { version: 'normsVersion' }, answers: { 404: NOT_FOUND }, access,
    input: z.object({ cropId: CropId, growthStages: z.array(StageNormsInput).max(200) }), output: z.array(StageNorms),
  }),
  delete: endpoint({
    method: 'POST', path: '/api/crop/delete', writes: { unversioned: 'removes', reason: 'archives the crop, moving every reference to the one chosen' }, answers: { 404: NOT_FOUND }, access,
    input: z.object({ cropId: CropId, linkCropId: id(CROP_MESSAGES.linkCrop, CROP_MESSAGES.linkCrop) }), output: Ok,
  }),
  deleteCultivar: endpoint({
    method: 'POST', path: '/api/crop/deletecultivar', writes: { unversioned: 'removes', reason: 'archives the cultivar, moving every reference to the one chosen' }, answers: { 404: NOT_FOUND }, access,
    input: z.object({ cultivarId: id('Choose a cultivar'), linkCultivarId: id(CROP_MESSAGES.linkCultivar, CROP_MESSAGES.linkCultivar) }), output: Ok,
  }),
  withCultivars: endpoint({ method: 'GET', path: '/api/crop/withcultivars', access: { session: true }, input: Empty, output: z.array(CropWithCultivars) }),
  withGrowths: endpoint({ method: 'GET', path: '/api/crop/withgrowths', access: { session: true }, input: Empty, output: z.array(CropWithGrowths) }),
  /** the crop's factor and its stages' order and 'display on report' flags, with the crop's version */
  upsertCrop: endpoint({ method: 'POST', path: '/api/crop/upsertcrop', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access, input: CropStagesOrder, output: CropWithGrowths }),
  pagedCropGraphs: endpoint({ method: 'POST', path: '/api/crop/pagedcropgraphs', writes: 'nothing', access, input: PagedRequest, output: pagedResponse(CropGraphRow) }),
  pagedCultivarGraphs: endpoint({ method: 'POST', path: '/api/crop/pagedcultivargraphs', writes: 'nothing', access, input: PagedRequest, output: pagedResponse(CultivarGraphRow) }),
  getCultivar: endpoint({ method: 'GET', path: '/api/crop/getcultivar', answers: { 404: NOT_FOUND }, access, input: z.object({ id: formInt({ min: 1, message: 'Choose a cultivar' }) }), output: CultivarNorms }),
  /** a copy of the cultivar ('{name} (copy)') with its norms and growth values; POST: it changes data (ADR 0082) */
  cloneCultivar: endpoint({ method: 'POST', path: '/api/crop/clonecultivar', writes: { unversioned: 'creates', reason: 'adds a copy of the cultivar' }, answers: { 404: NOT_FOUND }, access, input: z.object({ id: id('Choose a cultivar') }), output: CultivarNorms }),
  /** a copy of the crop ('{name} (copy)') with its cultivars, growth stages, norms and DRIS norms */
  cloneCrop: endpoint({ method: 'POST', path: '/api/crop/clonecrop', writes: { unversioned: 'creates', reason: 'adds a copy of the crop' }, answers: { 404: NOT_FOUND }, access, input: z.object({ id: CropId }), output: CropData }),
  resolveNorms: endpoint({
    method: 'POST', path: '/api/crop/resolvenorms', writes: 'nothing', answers: { 404: NOT_FOUND }, access,
    input: z.object({ cropId: CropId, cultivarId: id().nullable().default(null), growthStageId: id().nullable().default(null) }),
    output: ResolvedNorms,
  }),
};

