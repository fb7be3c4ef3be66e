import type { CropOption, Match, TissueOption } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { LabReferenceRepository } from './lab-reference.repository';

/** Reference lists of the entry form, matches of earlier samples and free-text suggestions. */
export class LabReferenceService {
  readonly repo: LabReferenceRepository;

  constructor(db: Db) {
    this.repo = new LabReferenceRepository(db);
  }

  async cropsActive(): Promise<CropOption[]> {
    const crops = await this.repo.crops(true);
    const ids = crops.map((c) => c.id);
    const [cultivars, regions, growths] = await Promise.all([this.repo.cultivars(ids), this.repo.regions(ids), this.repo.growths(ids)]);
    return crops.map((c) => ({
      id: c.id,
      name: c.name,
      cultivars: cultivars.filter((x) => x.cropId === c.id).map(({ id, name }) => ({ id, name })),
      regions: regions.filter((x) => x.cropId === c.id).map(({ id, name }) => ({ id, name })),
      growths: growths.filter((x) => x.cropId === c.id).map(({ id, name, tissueId }) => ({ id, name, tissueId })),
    }));
  }

  /** Tissues with their organs: the growth stages sampled from that tissue, each with its crop. */
  async tissues(activeOnly: boolean): Promise<TissueOption[]> {
    const [tissues, growths] = await Promise.all([this.repo.tissues(activeOnly), this.repo.growths()]);
    return tissues.map((t) => ({
      ...t,
      organs: growths.filter((g) => g.tissueId === t.id).map((g) => ({ id: g.id, name: g.name, cropId: g.cropId })),
    }));
  }

  async matches(value: string, jobId: number | null): Promise<Match[]> {
    if (!value) return [];
    const { samples, entries } = await this.repo.matches(value, jobId);
    return [
      ...samples.map((s) => ({ ...s, source: 'sample' as const })),
      ...entries.map((e) => ({ ...e, testCarbohydrateId: e.testCarbohydrateId ?? 0, source: 'entry' as const })),
    ];
  }

  suggestions() {
    return this.repo.suggestions();
  }
}
