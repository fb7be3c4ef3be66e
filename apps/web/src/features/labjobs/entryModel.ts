import type { CropOption, HeaderValues, JobEntry, Match, PastedRow, TissueOption } from '@sapwood/contracts';
import { parsePastedDate } from '@sapwood/contracts';

/** One row of the job card's entries grid, as the form holds it. */
export interface EntryState extends HeaderValues {
  key: number;
  id: number | null;
  rowVersion: number | null;
  sampleNumber: string;
  sampleDate: Date;
  testCarbohydrateId: number | null;
  matches: Match[] | null;
}

/** The text cells of an entry, the ones the grid's keyboard moves through. */
export type EntryColumn = 'sampleNumber' | 'entity' | 'agent' | 'agronomist' | 'farmName' | 'fieldBlockNumber';

/** The job card's form values: Date Received and the entries (checked with the contract's `JobCardForm`). */
export interface JobCardValues {
  receivedOn: string;
  rows: EntryState[];
}

let nextKey = 1;
export const newKey = () => nextKey++;

export const EMPTY_HEADER: HeaderValues = {
  entity: '', agent: '', agronomist: '', farmName: '', fieldBlockNumber: '',
  tissueId: null, cropId: null, cultivarId: null, regionId: null, testCarboCropGrowthId: null,
};

/** A new entry: defaults from the header, sample date now. */
export function newEntry(header: HeaderValues, sampleNumber: string): EntryState {
  return { ...header, key: newKey(), id: null, rowVersion: null, sampleNumber, sampleDate: new Date(), testCarbohydrateId: null, matches: null };
}

export function fromSaved(e: JobEntry): EntryState {
  return {
    key: newKey(), id: e.id, rowVersion: e.rowVersion, sampleNumber: e.sampleNumber, sampleDate: e.sampleDate,
    entity: e.entity, agent: e.agent, agronomist: e.agronomist, farmName: e.farmName, fieldBlockNumber: e.fieldBlockNumber,
    tissueId: e.tissueId, cropId: e.cropId, cultivarId: e.cultivarId, regionId: e.regionId,
    testCarboCropGrowthId: e.testCarboCropGrowthId, testCarbohydrateId: e.testCarbohydrateId, matches: null,
  };
}

/** Growth stages of the crop sampled from the tissue ('filterOnTissueId'). */
export function growthOptions(crop: CropOption | undefined, tissueId: number | null) {
  return (crop?.growths ?? []).filter((g) => !tissueId || g.tissueId === tissueId);
}

/** A changed field and what it resets: a new crop clears cultivar, region and growth; a new tissue clears a growth that no longer fits. */
export function applyChange<T extends HeaderValues>(e: T, patch: Partial<HeaderValues>, crops: CropOption[]): T {
  const next = { ...e, ...patch };
  if ('cropId' in patch && patch.cropId !== e.cropId) {
    next.cultivarId = null;
    next.regionId = null;
    next.testCarboCropGrowthId = null;
  }
  if ('tissueId' in patch && next.testCarboCropGrowthId) {
    const crop = crops.find((c) => c.id === next.cropId);
    if (!growthOptions(crop, next.tissueId).some((g) => g.id === next.testCarboCropGrowthId)) next.testCarboCropGrowthId = null;
  }
  return next;
}

const byName = <T extends { name: string }>(xs: T[], name: string | undefined) =>
  name ? xs.find((x) => x.name.trim().toLowerCase() === name.trim().toLowerCase()) : undefined;

/** The fields of an entry a pasted row fills (names of tissue, crop, cultivar, region and growth looked up). */
export function pastedPatch(p: PastedRow, base: HeaderValues, crops: CropOption[], tissues: TissueOption[]): Partial<EntryState> {
  const patch: Partial<EntryState> = {};
  if (p.sampleNumber !== undefined) patch.sampleNumber = p.sampleNumber;
  for (const f of ['entity', 'agent', 'agronomist', 'farmName', 'fieldBlockNumber'] as const) if (p[f] !== undefined) patch[f] = p[f];
  const date = parsePastedDate(p.sampleDate);
  if (date) patch.sampleDate = date;
  const tissue = byName(tissues, p.tissue);
  if (tissue) patch.tissueId = tissue.id;
  const crop = byName(crops, p.crop) ?? crops.find((c) => c.id === base.cropId);
  if (crop && p.crop) {
    patch.cropId = crop.id;
    patch.cultivarId = null;
    patch.regionId = null;
    patch.testCarboCropGrowthId = null;
  }
  if (crop) {
    const cultivar = byName(crop.cultivars, p.cultivar);
    if (cultivar) patch.cultivarId = cultivar.id;
    const region = byName(crop.regions, p.region);
    if (region) patch.regionId = region.id;
    const growth = byName(growthOptions(crop, patch.tissueId ?? base.tissueId), p.growth);
    if (growth) patch.testCarboCropGrowthId = growth.id;
  }
  return patch;
}

/** The fields a chosen match fills. */
export function matchPatch(m: Match): Partial<EntryState> {
  return {
    sampleNumber: m.sampleNumber, testCarbohydrateId: m.testCarbohydrateId || null, entity: m.entity, agent: m.agent,
    agronomist: m.agronomist, farmName: m.farmName, fieldBlockNumber: m.fieldBlockNumber,
    ...(m.date ? { sampleDate: m.date } : {}),
    tissueId: m.tissueId, cropId: m.cropId, cultivarId: m.cultivarId, regionId: m.regionId, testCarboCropGrowthId: m.testCarboCropGrowthId,
    matches: null,
  };
}

export function toDateInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** A date input's value on the entry's date, keeping its time of day. */
export function fromDateInput(value: string, previous: Date): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(previous);
  d.setFullYear(+m[1], +m[2] - 1, +m[3]);
  return d;
}
