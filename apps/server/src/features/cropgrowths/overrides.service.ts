import type { CropGrowthStage, OverrideOwner, OwnerUpdateInput, StageGrowthValue } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import type { CropGrowthsRepository } from './cropgrowths.repository';
import { type OwnerKind, OverridesRepository } from './overrides.repository';
import { fromRanges, pickRanges, toRanges } from './range-columns';

type OwnerUpdate = Omit<OwnerUpdateInput, 'growthValues'> & { rowVersion: number; growthValues: StageGrowthValue[] };

/**
 * The Regions and the Cultivars dialogs: regions (or cultivars) of a crop, and per growth stage an
 * override flag with sugar and starch ranges. One service per kind.
 */
export class OverridesService {
  private readonly repo: OverridesRepository;
  private readonly label: string;

  constructor(
    private readonly db: Db,
    private readonly kind: OwnerKind,
    private readonly crops: CropGrowthsRepository,
  ) {
    this.repo = new OverridesRepository(kind);
    this.label = kind === 'region' ? 'Region' : 'Cultivar';
  }

  async pickList(cropId: number) {
    return this.repo.list(this.db, cropId);
  }

  /** The crop's stages and every owner with one value per stage (the stage's own values where none is stored). */
  async list(cropId: number, db: Db = this.db): Promise<{ growths: CropGrowthStage[]; owners: OverrideOwner[] }> {
    if (!(await this.crops.getCrop(db, cropId))) throw notFound('Crop');
    const growths = await this.crops.stages(db, cropId);
    const owners = await this.repo.list(db, cropId);
    const stored = await this.repo.values(db, owners.map((o) => o.id));
    return {
      growths,
      owners: owners.map((o) => ({
        id: o.id,
        name: o.name,
        rowVersion: o.rowVersion,
        growthValues: growths.map((g): StageGrowthValue => {
          const v = stored.find((s) => s.ownerId === o.id && s.growthStageId === g.id);
          return v ? { growthStageId: g.id, override: v.override, ...toRanges(v) } : { growthStageId: g.id, override: false, sugar: g.sugar, starch: g.starch };
        }),
      })),
    };
  }

  add(cropId: number, name: string, userId: number) {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.crops.getCrop(trx, cropId))) throw notFound('Crop');
      const row = await this.repo.insert(trx, cropId, name);
      await recordChange(trx, { userId, entity: this.kind, entityId: row.id, action: 'create', newValues: { cropId, name } });
      return row;
    });
  }

  remove(id: number, userId: number): Promise<true> {
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.get(trx, id, true);
      if (!old) throw notFound(this.label);
      await this.repo.archive(trx, id);
      await recordChange(trx, { userId, entity: this.kind, entityId: id, action: 'delete', oldValues: { name: old.name, cropId: old.cropId } });
      return true as const;
    });
  }

  /** Saves the values of several owners of one crop in one transaction. `field` names the list in 400s. */
  update(cropId: number, owners: OwnerUpdate[], field: string, userId: number) {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.crops.getCrop(trx, cropId))) throw notFound('Crop');
      const stageIds = new Set((await this.crops.stages(trx, cropId)).map((s) => s.id));
      // every owner's version first: a stale one is a conflict before any owner or value is judged
      const olds: Awaited<ReturnType<OverridesRepository['get']>>[] = [];
      for (const o of owners) olds.push(await this.repo.get(trx, o.id, true));
      owners.forEach((o, i) => {
        const old = olds[i];
        if (old && old.cropId === cropId && old.rowVersion !== o.rowVersion) throw conflict(`${old.name} was changed by someone else. Reload and try again.`);
      });
      for (const [i, o] of owners.entries()) {
        const old = olds[i];
        if (!old || old.cropId !== cropId) throw fieldError(`${field}.${i}.id`, `${this.label} not found for this crop`);
        if (!(await this.repo.bump(trx, o.id, o.rowVersion))) throw conflict(`${old.name} was changed by someone else. Reload and try again.`);
        const before = await this.repo.values(trx, [o.id]);
        for (const [j, gv] of o.growthValues.entries()) {
          if (!stageIds.has(gv.growthStageId)) throw fieldError(`${field}.${i}.growthValues.${j}.growthStageId`, 'Not a growth stage of this crop');
          const ranges = fromRanges(gv.sugar, gv.starch);
          const prev = before.find((b) => b.growthStageId === gv.growthStageId);
          await this.repo.upsertValue(trx, o.id, gv.growthStageId, gv.override, ranges);
          const oldValues = prev ? { override: prev.override, ...pickRanges(prev) } : {};
          await recordChange(trx, {
            userId, entity: `${this.kind}_growth_value`, entityId: `${o.id}:${gv.growthStageId}`, action: prev ? 'update' : 'create',
            oldValues, newValues: { override: gv.override, ...ranges },
          });
        }
      }
      return this.list(cropId, trx);
    });
  }
}
