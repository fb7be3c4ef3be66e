import type { Db } from '../../db/database';
import { LabDemoRepository } from './lab-demo.repository';

const ENTITIES = ['Green Valley Farms', 'Karoo Nut Co', 'Riverside Orchards', 'Suncrest Estates', 'Blue Hill Pecans', 'Oranje Boerdery'];
const FARMS = ['Riverside', 'Hillcrest', 'Doornkloof', 'Welgevonden', 'Rietvlei', 'Modderfontein'];
// The demo agents and agronomists (features/agents/index.ts, agronomists.demo.ts), so the
// entry form's lists hold the names the demo jobs use.
const AGENTS = ['Cape Agri Services (demo)', 'Valley Field Agents (demo)', 'Pacific Crop Partners (demo)'];
const AGRONOMISTS = ['Anna van Wyk (demo)', 'Pieter Botha (demo)', 'Maria Lopez (demo)'];

/** A small deterministic random source, so the demo looks the same on every first start. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/**
 * Demo lab jobs (marked demo): about 30 jobs of 5–20 entries, most with results; some current, some
 * completed, some downloaded; plus captured field samples (with original and mapped JSON) that the
 * entry form's match look-up finds. Runs after the crop demo seed and does nothing without crops.
 */
export async function seedLabDemo(db: Db): Promise<void> {
  const repo = new LabDemoRepository(db);
  if (await repo.hasDemoJobs()) return;
  const stages = await repo.stages();
  const cultivars = await repo.cultivars();
  if (stages.length === 0 || cultivars.length === 0) return;
  const regions = await repo.regions();
  const usable = stages.filter((s) => cultivars.some((c) => c.cropId === s.cropId));
  if (usable.length === 0) return;
  const user = await repo.firstUser();
  const rand = rng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const round = (v: number) => Math.round(v * 100) / 100;

  // Captured samples C0001…C0060: the next jobs' sample numbers, so 'matches' finds them.
  const samples = await repo.insertSamples(
    Array.from({ length: 60 }, (_, i) => {
      const stage = pick(usable);
      const sample = {
        sample_number: `C${String(i + 1).padStart(4, '0')}`, entity: pick(ENTITIES), agent: pick(AGENTS), agronomist: pick(AGRONOMISTS),
        farm_name: pick(FARMS), field_block_number: `B${1 + Math.floor(rand() * 12)}`, sample_date: new Date(Date.UTC(2026, 9, 1 + (i % 28))),
        tissue_id: stage.tissueId, crop_id: stage.cropId, cultivar_id: pick(cultivars.filter((c) => c.cropId === stage.cropId)).id,
        region_id: regions.find((r) => r.cropId === stage.cropId)?.id ?? null, growth_stage_id: stage.id,
      };
      return { ...sample, demo: true, original: JSON.stringify({ SampleNo: sample.sample_number, Client: sample.entity, Farm: sample.farm_name }), mapped: JSON.stringify(sample) };
    }),
  );

  let sampleCounter = 1;
  for (let j = 0; j < 30; j += 1) {
    const state = j < 10 ? 'downloaded' : j < 20 ? 'completed' : 'current';
    const day = 1 + j;
    const job = await repo.insertJob({
      received_on: `2026-10-${String(Math.min(day, 28)).padStart(2, '0')}`, created_by: user?.id ?? null, demo: true,
      downloaded_at: state === 'downloaded' ? new Date(Date.UTC(2026, 10, Math.min(day, 28))) : null,
    });
    const count = 5 + Math.floor(rand() * 16);
    const entity = pick(ENTITIES);
    const farm = pick(FARMS);
    await repo.insertEntries(
      Array.from({ length: count }, (_, i) => {
        const stage = pick(usable);
        const number = `C${String(sampleCounter++).padStart(4, '0')}`;
        const matched = samples.find((s) => s.sampleNumber === number);
        const withResult = state !== 'current' || i < count / 2;
        const na = withResult && rand() < 0.05;
        return {
          lab_job_id: job.id, position: i + 1, sample_number: number, entity, agent: pick(AGENTS), agronomist: pick(AGRONOMISTS),
          farm_name: farm, field_block_number: `B${1 + (i % 12)}`, sample_date: new Date(Date.UTC(2026, 9, Math.min(day, 28))),
          tissue_id: stage.tissueId!, crop_id: stage.cropId, cultivar_id: pick(cultivars.filter((c) => c.cropId === stage.cropId)).id,
          region_id: regions.find((r) => r.cropId === stage.cropId)?.id ?? null, growth_stage_id: stage.id,
          carbohydrate_sample_id: matched?.id ?? null,
          sugar: withResult && !na ? round((stage.sugarMax ?? 8) * (0.5 + rand() * 0.6)) : null,
          starch: withResult && !na ? round((stage.starchMax ?? 15) * (0.5 + rand() * 0.6)) : null,
          na, result_on: withResult ? new Date() : null, result_by: withResult ? (user?.id ?? null) : null,
          archived: state === 'downloaded',
        };
      }),
    );
  }
}
