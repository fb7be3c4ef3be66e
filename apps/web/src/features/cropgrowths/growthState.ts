import { type CropGrowthStage, type GROWTH_RANGE_PATHS, type GrowthRange, growthRangeProblems } from '@sapwood/contracts';

/** A growth as the Growths dialog holds it until Save: new ones have id 0 and a local key. */
export interface LocalGrowth {
  key: string;
  id: number;
  name: string;
  sugar: GrowthRange;
  starch: GrowthRange;
  linkedTissueId: number | null;
  linkedTissueName: string | null;
  displayOnReport: boolean;
  method: string;
  /** its values outside their usual range that are confirmed ('sugar.max'): as loaded, or confirmed in Edit growth */
  confirmed: string[];
}

let next = 0;
const EMPTY: GrowthRange = { min: null, med: null, max: null };

export function fromStage(s: CropGrowthStage): LocalGrowth {
  return {
    key: `g${s.id}`, id: s.id, name: s.name, sugar: s.sugar, starch: s.starch,
    linkedTissueId: s.linkedTissueId, linkedTissueName: s.linkedTissueName, displayOnReport: s.displayOnReport, method: s.method,
    // stored so, they were confirmed when saved (or predate the rule): saving the list again does not ask
    confirmed: growthRangeProblems(s).filter((p) => p.level === 'unusual').map((p) => p.at),
  };
}

/** A new growth defaults to the first active tissue. */
export function newGrowth(firstTissue: { id: number; name: string } | undefined): LocalGrowth {
  next += 1;
  return {
    key: `new${next}`, id: 0, name: '', sugar: EMPTY, starch: EMPTY,
    linkedTissueId: firstTissue?.id ?? null, linkedTissueName: firstTissue?.name ?? null, displayOnReport: true, method: '', confirmed: [],
  };
}

export function toInput(g: LocalGrowth) {
  return {
    id: g.id, name: g.name, sugar: g.sugar, starch: g.starch, linkedTissueId: g.linkedTissueId, displayOnReport: g.displayOnReport, method: g.method,
    confirmed: g.confirmed as (typeof GROWTH_RANGE_PATHS)[number][],
  };
}
