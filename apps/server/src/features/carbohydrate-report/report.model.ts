import { resolveRange as resolveStageRange } from '../cropgrowths';
import type { EntryRow, OverrideRow, StageRow } from './report.repository';

export interface Range {
  min: number | null;
  med: number | null;
  max: number | null;
}
export type Flag = 'low' | 'ok' | 'high' | null;

export interface ReportSample {
  id: number;
  sampleNumber: string;
  block: string;
  crop: string;
  cultivar: string | null;
  region: string | null;
  growthStage: string;
  organ: string;
  sugar: number | null;
  starch: number | null;
  na: boolean;
  sampleDate: string;
  resultOn: string | null;
  sugarRange: Range | null;
  starchRange: Range | null;
  sugarFlag: Flag;
  starchFlag: Flag;
}

export interface ChartStage {
  name: string;
  sugar: Range | null;
  starch: Range | null;
}
export interface CropChart {
  crop: string;
  stages: ChartStage[];
  points: { stage: number; sampleNumber: string; sugar: number | null; starch: number | null }[];
}
export interface ReportGroup {
  key: string;
  entity: string;
  farm: string;
  samples: ReportSample[];
  charts: CropChart[];
}

type Triple = [number | null, number | null, number | null];
const asRange = (t: Triple): Range => ({ min: t[0], med: t[1], max: t[2] });
const asOverride = (o?: OverrideRow) => (o ? { override: true, sugar: asRange(o.sugar), starch: asRange(o.starch) } : null);

/**
 * A stage's range for a sample, resolved by the crop-growth rules (features/cropgrowths: the cultivar's
 * override wins over the region's, which wins over the stage's own values). The resolved ranges are frozen
 * into the stored report.
 */
export function resolveRange(stage: StageRow, region?: OverrideRow, cultivar?: OverrideRow): { sugar: Range; starch: Range } {
  const r = resolveStageRange({ sugar: asRange(stage.sugar), starch: asRange(stage.starch) }, asOverride(region), asOverride(cultivar));
  return { sugar: r.sugar, starch: r.starch };
}

export function flag(value: number | null, range: Range | null): Flag {
  if (value === null || !range) return null;
  if (range.min !== null && value < range.min) return 'low';
  if (range.max !== null && value > range.max) return 'high';
  return 'ok';
}

/**
 * The clients of a selection's entries (ADR 0252), in the order first selected, with how many entries each: an
 * entry's client is its entity, told apart trimmed, inner spaces collapsed and without regard to case (the first
 * spelling selected names it).
 */
export function clientsOf(selection: { id: number }[], entries: Pick<EntryRow, 'id' | 'entity'>[]): { client: string; entries: number }[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const clients = new Map<string, { client: string; entries: number }>();
  for (const id of new Set(selection.map((s) => s.id))) {
    const e = byId.get(id);
    if (!e) continue;
    const name = e.entity.trim().replace(/\s+/g, ' ');
    const key = name.toLowerCase();
    const c = clients.get(key) ?? { client: name, entries: 0 };
    c.entries += 1;
    clients.set(key, c);
  }
  return [...clients.values()];
}

const hasRange = (r: Range) => r.min !== null || r.max !== null;

/** Groups the selected entries in selection order and attaches the ranges that apply to each. */
export function buildGroups(
  selection: { group: string; id: number }[],
  entries: EntryRow[],
  stages: StageRow[],
  regionOverrides: OverrideRow[],
  cultivarOverrides: OverrideRow[],
): ReportGroup[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const stageById = new Map(stages.map((s) => [s.id, s]));
  const override = (list: OverrideRow[], owner: number | null, stage: number) =>
    owner === null ? undefined : list.find((o) => o.ownerId === owner && o.growthStageId === stage);

  const groups = new Map<string, EntryRow[]>();
  for (const { group, id } of selection) {
    const e = byId.get(id);
    if (!e) continue;
    const list = groups.get(group) ?? [];
    if (!list.some((x) => x.id === id)) list.push(e);
    groups.set(group, list);
  }

  return [...groups.entries()].map(([key, rows]) => {
    const samples = rows.map((e): ReportSample => {
      const stage = stageById.get(e.growthStageId);
      const r = stage ? resolveRange(stage, override(regionOverrides, e.regionId, stage.id), override(cultivarOverrides, e.cultivarId, stage.id)) : null;
      const sugarRange = r && hasRange(r.sugar) ? r.sugar : null;
      const starchRange = r && hasRange(r.starch) ? r.starch : null;
      const sugar = e.na ? null : e.sugar;
      const starch = e.na ? null : e.starch;
      return {
        id: e.id, sampleNumber: e.sampleNumber, block: e.block, crop: e.crop, cultivar: e.cultivar, region: e.region,
        growthStage: e.growthStage, organ: e.organ, sugar, starch, na: e.na,
        sampleDate: new Date(e.sampleDate).toISOString(), resultOn: e.resultOn ? new Date(e.resultOn).toISOString() : null,
        sugarRange, starchRange, sugarFlag: flag(sugar, sugarRange), starchFlag: flag(starch, starchRange),
      };
    });
    return { key, entity: rows[0].entity, farm: rows[0].farmName, samples, charts: charts(rows, stages, regionOverrides, cultivarOverrides) };
  });
}

/** One chart per crop in the group: its report stages in order, with the first sample's overrides applied. */
function charts(rows: EntryRow[], stages: StageRow[], regionOverrides: OverrideRow[], cultivarOverrides: OverrideRow[]): CropChart[] {
  const crops = [...new Map(rows.map((r) => [r.cropId, r])).values()];
  return crops.map((first) => {
    const cropStages = stages.filter((s) => s.cropId === first.cropId && s.displayOnReport).sort((a, b) => a.sequence - b.sequence);
    const chartStages = cropStages.map((s) => {
      const r = resolveRange(
        s,
        regionOverrides.find((o) => o.ownerId === first.regionId && o.growthStageId === s.id),
        cultivarOverrides.find((o) => o.ownerId === first.cultivarId && o.growthStageId === s.id),
      );
      return { name: s.name, sugar: hasRange(r.sugar) ? r.sugar : null, starch: hasRange(r.starch) ? r.starch : null };
    });
    const points = rows
      .filter((r) => r.cropId === first.cropId)
      .map((r) => ({ stage: cropStages.findIndex((s) => s.id === r.growthStageId), sampleNumber: r.sampleNumber, sugar: r.na ? null : r.sugar, starch: r.na ? null : r.starch }))
      .filter((p) => p.stage >= 0);
    return { crop: first.crop, stages: chartStages, points };
  });
}
