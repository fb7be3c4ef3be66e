import type { CropGrowths, CropGrowthsUpsert, CropGrowthStage, PagedRequest } from '@sapwood/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { conflict, fieldError, notFound, validationError } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { ReferenceServiceOver } from '../../platform/service-base';
import { movedCount } from '../../platform/references/movers';
import { CropGrowthsRepository, type StageValues } from './cropgrowths.repository';
import { fromRanges } from './range-columns';

const STALE = 'This crop was changed by someone else. Reload and try again.';
const LIST_CHANGED = 'The growth list of this crop has changed. Reload and try again.';

type Upsert = z.output<typeof CropGrowthsUpsert>;

/** Crop growth admin rules: crops, the ordered growth list (renumbered from 1), reassign on delete. */
export class CropGrowthsService extends ReferenceServiceOver(CropGrowthsRepository) {
  crops(req: PagedRequest) {
    return this.repo.pagedCrops(req);
  }

  async cropGrowths(cropId: number, db: Db = this.db): Promise<CropGrowths> {
    const crop = await this.repo.getCrop(db, cropId);
    if (!crop) throw notFound('Crop');
    return { crop, growths: await this.repo.stages(db, cropId) };
  }

  upsert(input: Upsert, userId: number): Promise<CropGrowths> {
    return this.db.transaction().execute(async (trx) => {
      let cropId = input.id;
      const values = { name: input.name, factor: input.factor };
      if (!cropId) {
        cropId = await this.repo.insertCrop(trx, values);
        await recordChange(trx, { userId, entity: 'crop', entityId: cropId, action: 'create', newValues: values });
      } else {
        if (input.rowVersion === undefined) throw fieldError('rowVersion', 'rowVersion is required to change a crop');
        const old = await this.repo.getCrop(trx, cropId, true);
        if (!old) throw notFound('Crop');
        if (!(await this.repo.updateCrop(trx, cropId, input.rowVersion, values))) throw conflict(STALE);
        await recordChange(trx, { userId, entity: 'crop', entityId: cropId, action: 'update', oldValues: { name: old.name, factor: old.factor }, newValues: values });
      }
      if (input.growths) await this.saveGrowths(trx, cropId, input.growths, userId);
      return this.cropGrowths(cropId, trx);
    });
  }

  /** Saves the whole ordered list: positions become sequence numbers 1..n. */
  private async saveGrowths(trx: Db, cropId: number, growths: NonNullable<Upsert['growths']>, userId: number): Promise<void> {
    const current = new Map((await this.repo.stages(trx, cropId)).map((s) => [s.id, s]));
    const given = growths.filter((g) => g.id > 0).map((g) => g.id);
    if (new Set(given).size !== given.length) throw fieldError('growths', 'A growth stage is listed twice');
    if (given.some((id) => !current.has(id)) || given.length !== current.size) throw conflict(LIST_CHANGED);
    const tissueIds = growths.map((g) => g.linkedTissueId).filter((t): t is number => t !== null);
    const known = await this.repo.existingTissueIds(trx, [...new Set(tissueIds)]);
    const bad = growths.flatMap((g, i) => (g.linkedTissueId !== null && !known.has(g.linkedTissueId) ? [{ field: `growths.${i}.linkedTissueId`, message: 'Choose an organ type' }] : []));
    if (bad.length) throw validationError(bad);

    for (const [i, g] of growths.entries()) {
      const v: StageValues = {
        name: g.name,
        linked_tissue_id: g.linkedTissueId,
        display_on_report: g.displayOnReport,
        method: g.method,
        sequence_number: i + 1,
        ...fromRanges(g.sugar, g.starch),
      };
      if (!g.id) {
        const id = await this.repo.insertStage(trx, cropId, v);
        await recordChange(trx, { userId, entity: 'growth_stage', entityId: id, action: 'create', newValues: { cropId, ...v } });
        continue;
      }
      const old = current.get(g.id) as CropGrowthStage;
      const before: StageValues = {
        name: old.name, linked_tissue_id: old.linkedTissueId, display_on_report: old.displayOnReport, method: old.method,
        sequence_number: old.sequenceNumber, ...fromRanges(old.sugar, old.starch),
      };
      if (JSON.stringify(before) === JSON.stringify(v)) continue;
      await this.repo.updateStage(trx, g.id, v);
      await recordChange(trx, { userId, entity: 'growth_stage', entityId: g.id, action: 'update', oldValues: before, newValues: v });
    }
  }

  /**
   * Moves every reference to stage `id` over to `assignId` (the registered movers: entries and samples),
   * archives `id`, renumbers the rest; one transaction.
   */
  remove(id: number, assignId: number, userId: number) {
    return this.db.transaction().execute(async (trx) => {
      if (id === assignId) throw fieldError('assignId', 'Select a growth to reassign');
      const from = await this.repo.stageCrop(trx, id);
      if (!from) throw notFound('Growth stage');
      const to = await this.repo.stageCrop(trx, assignId);
      if (!to || to.cropId !== from.cropId) throw fieldError('assignId', 'Select a growth to reassign');
      if (!(await this.repo.getCrop(trx, from.cropId, true))) throw notFound('Crop');
      const refs = await this.references.move(trx, 'growth_stages', { id, name: from.name }, { id: assignId, name: to.name }, { userId });
      const moved = { movedEntries: movedCount(refs, 'lab_job_entries'), movedSamples: movedCount(refs, 'carbohydrate_samples') };
      await this.repo.archiveStage(trx, id);
      await this.repo.renumber(trx, from.cropId);
      const rowVersion = await this.repo.bumpCrop(trx, from.cropId);
      await recordChange(trx, {
        userId, entity: 'growth_stage', entityId: id, action: 'delete',
        oldValues: { name: from.name, cropId: from.cropId }, newValues: { reassignedTo: assignId, reassignedToName: to.name, ...moved },
      });
      return { rowVersion, ...moved };
    });
  }

  setActive(id: number, active: boolean, userId: number): Promise<true> {
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.getCrop(trx, id, true);
      if (!old) throw notFound('Crop');
      await this.repo.bumpCrop(trx, id, { active });
      await recordChange(trx, { userId, entity: 'crop', entityId: id, action: 'update', oldValues: { active: old.active }, newValues: { active } });
      return true as const;
    });
  }
}
