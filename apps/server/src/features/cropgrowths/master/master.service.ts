import { CROP_IMAGE_MESSAGES, CROP_MESSAGES, type CropData, type CropStagesOrder, CropUpsert, CultivarNorms, CultivarNormsInput, ResolvedNorms, StageNorms, StageNormsInput } from '@sapwood/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/database';
import { conflict, fieldError, notFound } from '../../../http/errors';
import { recordChange } from '../../../platform/audit/audit';
import type { ReferenceMovers } from '../../../platform/references/movers';
import type { FileStorage } from '../../../platform/storage/storage';
import { prepareCropImage, removeCropImage, storeCropImage } from './crop-image';
import { CloneRepository } from './clone.repository';
import { CropMasterRepository } from './master.repository';
import { PickListsRepository } from './pick-lists.repository';
import { resolveSampleNorms } from './sample-norms';
import { NO_NORMS as NO_NORMS_SET, NormsRepository } from './norms.repository';

const CROP_STALE = 'This crop was changed by someone else. Reload and try again.';
const NORMS_STALE = (what: string) => `The norms of ${what} were changed by someone else. Reload and try again.`;
const LAB_OF = { labminCropId: 'Nvirotek', wynlandCropId: 'Wynland' } as const;

/** The crop master's rules: crops with alternative names and lab crops, norms per level, and which norm applies. */
export class CropMasterService {
  readonly repo: CropMasterRepository;
  private readonly norms = new NormsRepository();
  private readonly clones = new CloneRepository();
  private readonly lists: PickListsRepository;

  constructor(
    private readonly db: Db,
    private readonly references: ReferenceMovers,
    private readonly storage: FileStorage,
    private readonly log: { warn: (o: object, msg: string) => void },
  ) {
    this.repo = new CropMasterRepository(db);
    this.lists = new PickListsRepository(db);
  }

  paged = (req: Parameters<CropMasterRepository['paged']>[0]) => this.repo.paged(req);
  all = () => this.repo.all();

  async get(id: number, db: Db = this.db): Promise<CropData> {
    const crop = await this.repo.crop(db, id);
    if (!crop) throw notFound('Crop');
    const { normsVersion, ...norms } = await this.norms.of(db, { cropId: id, cultivarId: null, growthStageId: null });
    return { ...crop, norms, normsVersion, drisGraphs: await this.norms.drisGraphs(db, id) };
  }

  /**
   * Saves a crop, its norms and its DRIS graphs in one transaction (each with the version it was read at).
   * A new image is checked by its content, stored first and linked in the same transaction; the old image's
   * files go once the save is committed, the new ones if it fails.
   */
  async upsert(input: z.output<typeof CropUpsert>, userId: number): Promise<CropData> {
    const { data } = input;
    if (input.id) await this.refuseStale(input.id, data.rowVersion ?? 0, data.normsVersion);
    if (data.newImage && !input.image) throw fieldError('image', CROP_IMAGE_MESSAGES.choose);
    const image = input.image ? await prepareCropImage(input.image) : null;
    const imagePath = image ? await storeCropImage(this.storage, image) : null;
    let replaced: string | null = null;
    try {
      const saved = await this.save(input, userId, image && imagePath ? { path: imagePath, hash: image.hash } : null, (old) => { replaced = old; });
      if (imagePath && replaced && replaced !== imagePath) await removeCropImage(this.storage, replaced).catch((err: unknown) => this.log.warn({ err }, 'could not remove a crop image'));
      return saved;
    } catch (err) {
      if (imagePath) await removeCropImage(this.storage, imagePath).catch(() => undefined);
      throw err;
    }
  }

  /** A stale crop or crop norms version is a conflict before the image and the values are judged (the save checks both again, atomically). */
  private async refuseStale(cropId: number, rowVersion: number, normsVersion: number): Promise<void> {
    const old = await this.repo.crop(this.db, cropId);
    if (!old) throw notFound('Crop');
    if (old.rowVersion !== rowVersion) throw conflict(CROP_STALE);
    if ((await this.norms.of(this.db, { cropId, cultivarId: null, growthStageId: null })).normsVersion !== normsVersion) throw conflict(NORMS_STALE('this crop'));
  }

  private save(input: z.output<typeof CropUpsert>, userId: number, image: { path: string; hash: string } | null, replacing: (old: string | null) => void): Promise<CropData> {
    const { data } = input;
    return this.db.transaction().execute(async (trx) => {
      const values = { name: data.name, linkedNames: data.linkedNames };
      let cropId = input.id;
      if (!cropId) {
        cropId = (await this.repo.insertCrop(trx, values)).id;
        await recordChange(trx, { userId, entity: 'crop', entityId: cropId, action: 'create', newValues: values });
      } else {
        const old = await this.repo.crop(trx, cropId, true);
        if (!old) throw notFound('Crop');
        if (!(await this.repo.updateCrop(trx, cropId, data.rowVersion ?? 0, values))) throw conflict(CROP_STALE);
        replacing(old.imagePath);
        await recordChange(trx, { userId, entity: 'crop', entityId: cropId, action: 'update', oldValues: { name: old.name, linkedNames: old.linkedNames }, newValues: values });
      }
      if (image) {
        await this.repo.setImage(trx, cropId, image.path, image.hash);
        await recordChange(trx, { userId, entity: 'crop', entityId: cropId, action: 'update', newValues: { imagePath: image.path } });
      }
      const owner = { cropId, cultivarId: null, growthStageId: null };
      const before = await this.norms.of(trx, owner);
      if ((await this.norms.save(trx, owner, data.norms, data.normsVersion)) === undefined) throw conflict(NORMS_STALE('this crop'));
      const drisBefore = await this.norms.drisGraphs(trx, cropId);
      await this.norms.replaceDrisGraphs(trx, cropId, data.drisGraphs);
      await recordChange(trx, {
        userId, entity: 'crop_norms', entityId: cropId, action: before.normsVersion ? 'update' : 'create',
        ...(before.normsVersion ? { oldValues: { norms: before, drisGraphs: drisBefore } } : {}), newValues: { norms: data.norms, drisGraphs: data.drisGraphs },
      });
      return this.get(cropId, trx);
    });
  }

  /** Points the crop at one lab crop of each outside lab (null clears), checking each belongs to its lab. */
  assignLab(cropId: number, labs: { labminCropId: number | null; wynlandCropId: number | null; rowVersion: number }, userId: number): Promise<{ rowVersion: number }> {
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.crop(trx, cropId, true);
      if (!old) throw notFound('Crop');
      if (old.rowVersion !== labs.rowVersion) throw conflict(CROP_STALE);
      for (const field of ['labminCropId', 'wynlandCropId'] as const) {
        const id = labs[field];
        if (id !== null && (await this.repo.labCropProvider(trx, id)) !== LAB_OF[field]) throw fieldError(field, `Choose a ${LAB_OF[field]} crop`);
      }
      await this.repo.setLabCrops(trx, cropId, labs.labminCropId, labs.wynlandCropId);
      await recordChange(trx, {
        userId, entity: 'crop', entityId: cropId, action: 'update',
        oldValues: { labminCropId: old.labminCropId, wynlandCropId: old.wynlandCropId }, newValues: { labminCropId: labs.labminCropId, wynlandCropId: labs.wynlandCropId },
      });
      return { rowVersion: old.rowVersion + 1 };
    });
  }

  async cultivars(cropId: number, db: Db = this.db): Promise<CultivarNorms[]> {
    if (!(await this.repo.crop(db, cropId))) throw notFound('Crop');
    const norms = await this.norms.ofAll(db, cropId, 'cultivar_id');
    return (await this.repo.cultivars(db, cropId)).map((c) => {
      const { normsVersion, ...n } = norms.get(c.id) ?? { ...NO_NORMS_SET };
      return { cultivarId: c.id, name: c.name, rowVersion: c.rowVersion, norms: n, normsVersion };
    });
  }

  /** Adds (cultivarId 0) or renames cultivars and saves their norms, all in one transaction. */
  upsertCultivars(cropId: number, entities: z.output<typeof CultivarNormsInput>[], userId: number): Promise<CultivarNorms[]> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.crop(trx, cropId, true))) throw notFound('Crop');
      const mine = new Map((await this.repo.cultivars(trx, cropId)).map((c) => [c.id, c]));
      // a stale version is a conflict before the names and references are judged
      const stored = await this.norms.ofAll(trx, cropId, 'cultivar_id');
      for (const e of entities) if (mine.has(e.cultivarId) && (stored.get(e.cultivarId)?.normsVersion ?? 0) !== e.normsVersion) throw conflict(NORMS_STALE(e.name));
      // a name once a crop: the names after this save are the ones given and those of the cultivars left as they are
      const given = new Set(entities.map((e) => e.cultivarId).filter((id) => id > 0));
      const names = new Map([...mine.values()].filter((c) => !given.has(c.id)).map((c) => [c.name.trim().toLowerCase(), c.id]));
      for (const [i, e] of entities.entries()) {
        const key = e.name.trim().toLowerCase();
        if (names.has(key)) throw fieldError(`entities.${i}.name`, CROP_MESSAGES.cultivarTwice);
        names.set(key, e.cultivarId);
      }
      for (const [i, e] of entities.entries()) {
        let id = e.cultivarId;
        if (!id) id = (await this.repo.insertCultivar(trx, cropId, e.name)).id;
        else if (!mine.has(id)) throw fieldError(`entities.${i}.cultivarId`, 'This cultivar is not one of the crop’s');
        else await this.repo.renameCultivar(trx, id, e.name);
        const owner = { cropId, cultivarId: id, growthStageId: null };
        const before = await this.norms.of(trx, owner);
        if ((await this.norms.save(trx, owner, e.norms, e.cultivarId ? e.normsVersion : 0)) === undefined) throw conflict(NORMS_STALE(e.name));
        await recordChange(trx, { userId, entity: 'cultivar_norms', entityId: id, action: before.normsVersion ? 'update' : 'create', ...(before.normsVersion ? { oldValues: before } : {}), newValues: { name: e.name, norms: e.norms } });
      }
      return this.cultivars(cropId, trx);
    });
  }

  async stages(cropId: number, db: Db = this.db): Promise<StageNorms[]> {
    if (!(await this.repo.crop(db, cropId))) throw notFound('Crop');
    const norms = await this.norms.ofAll(db, cropId, 'growth_stage_id');
    return (await this.repo.stages(db, cropId)).map((s) => {
      const { normsVersion, ...n } = norms.get(s.id) ?? { ...NO_NORMS_SET };
      return { ...s, norms: n, normsVersion };
    });
  }

  /** Saves the norms of the crop's growth stages, in one transaction. */
  upsertStages(cropId: number, stages: z.output<typeof StageNormsInput>[], userId: number): Promise<StageNorms[]> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.crop(trx, cropId, true))) throw notFound('Crop');
      const mine = new Set((await this.repo.stages(trx, cropId)).map((s) => s.id));
      // a stale version is a conflict before the stages named are judged
      const stored = await this.norms.ofAll(trx, cropId, 'growth_stage_id');
      for (const s of stages) if (mine.has(s.id) && (stored.get(s.id)?.normsVersion ?? 0) !== s.normsVersion) throw conflict(NORMS_STALE('this growth stage'));
      for (const [i, s] of stages.entries()) {
        if (!mine.has(s.id)) throw fieldError(`growthStages.${i}.id`, 'This growth stage is not one of the crop’s');
        const owner = { cropId, cultivarId: null, growthStageId: s.id };
        const before = await this.norms.of(trx, owner);
        if ((await this.norms.save(trx, owner, s.norms, s.normsVersion)) === undefined) throw conflict(NORMS_STALE('this growth stage'));
        await recordChange(trx, { userId, entity: 'growth_stage_norms', entityId: s.id, action: before.normsVersion ? 'update' : 'create', ...(before.normsVersion ? { oldValues: before } : {}), newValues: s.norms });
      }
      return this.stages(cropId, trx);
    });
  }

  /** The crop's factor and its stages' order (renumbered 1..n as given) and report flags, with the crop's version. */
  upsertCrop(input: z.output<typeof CropStagesOrder>, userId: number) {
    return this.db.transaction().execute(async (trx) => {
      const old = await this.repo.crop(trx, input.cropId, true);
      if (!old) throw notFound('Crop');
      if (old.rowVersion !== input.rowVersion) throw conflict(CROP_STALE);
      const stages = await this.repo.stages(trx, input.cropId);
      const given = new Set(input.sequenceNumbersIds.map((s) => s.id));
      if (given.size !== input.sequenceNumbersIds.length || stages.some((s) => !given.has(s.id)) || input.sequenceNumbersIds.some((s) => !stages.find((x) => x.id === s.id))) {
        throw fieldError('sequenceNumbersIds', 'List every growth stage of the crop once');
      }
      const order = [...input.sequenceNumbersIds].sort((a, b) => a.sequenceNumber - b.sequenceNumber).map((s, i) => ({ ...s, sequenceNumber: i + 1 }));
      if (!(await this.lists.setFactorAndOrder(trx, input.cropId, input.rowVersion, input.factor, order))) throw conflict(CROP_STALE);
      await recordChange(trx, { userId, entity: 'crop', entityId: input.cropId, action: 'update', oldValues: { stages }, newValues: { factor: input.factor, stages: order } });
      return (await this.lists.withGrowths(input.cropId, trx))[0];
    });
  }

  async getCultivar(id: number): Promise<CultivarNorms> {
    const c = await this.repo.cultivar(this.db, id);
    const found = c && (await this.cultivars(c.cropId)).find((x) => x.cultivarId === id);
    if (!found) throw notFound('Cultivar');
    return found;
  }

  /** A copy of a cultivar, '{name} (copy)', with its norms and growth values. */
  async cloneCultivar(id: number, userId: number): Promise<CultivarNorms> {
    return this.getCultivar(await this.copyOf('cultivar', id, userId));
  }

  /** A copy of a crop, '{name} (copy)', with its cultivars, growth stages, norms and DRIS norms. */
  async cloneCrop(id: number, userId: number): Promise<CropData> {
    return this.get(await this.copyOf('crop', id, userId));
  }

  /** Copies a crop or a cultivar as '{name} (copy)' (or '(copy 2)', … where a crop, or a cultivar of the crop, has that name) in one transaction, audited as made from it; answers the copy's id. */
  private copyOf(entity: 'crop' | 'cultivar', id: number, userId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const from = entity === 'crop' ? await this.repo.crop(trx, id) : await this.repo.cultivar(trx, id);
      if (!from) throw notFound(entity === 'crop' ? 'Crop' : 'Cultivar');
      // a cultivar's name is once in its crop, a crop's among the crops: a second copy is '(copy 2)', and so on
      const siblings = 'cropId' in from ? await this.repo.cultivars(trx, from.cropId) : await this.repo.all(trx);
      const name = freeCopyName(from.name, new Set(siblings.map((c) => c.name.trim().toLowerCase())));
      const copy = entity === 'crop' ? await this.clones.crop(trx, id, name) : await this.clones.cultivar(trx, id, name);
      await recordChange(trx, { userId, entity, entityId: copy, action: 'create', newValues: { clonedFrom: { id, name: from.name } } });
      return copy;
    });
  }

  /**
   * Deletes a crop by linking it to another: every reference moves to the target through the reference
   * movers, then the crop is archived; one transaction, one audit record naming what moved.
   */
  deleteCrop(cropId: number, linkCropId: number, userId: number): Promise<true> {
    if (cropId === linkCropId) throw fieldError('linkCropId', CROP_MESSAGES.linkSelf);
    return this.db.transaction().execute(async (trx) => {
      const from = await this.repo.crop(trx, cropId, true);
      if (!from) throw notFound('Crop');
      const to = await this.repo.crop(trx, linkCropId, true);
      if (!to) throw fieldError('linkCropId', CROP_MESSAGES.linkCrop);
      const moved = await this.references.move(trx, 'crops', from, to, { userId });
      await this.repo.archiveCrop(trx, cropId);
      await recordChange(trx, { userId, entity: 'crop', entityId: cropId, action: 'delete', oldValues: { name: from.name }, newValues: { linkedTo: { id: to.id, name: to.name }, moved } });
      return true as const;
    });
  }

  /** Deletes a cultivar by linking it to another of the same crop (its entries move), in one transaction. */
  deleteCultivar(cultivarId: number, linkCultivarId: number, userId: number): Promise<true> {
    if (cultivarId === linkCultivarId) throw fieldError('linkCultivarId', CROP_MESSAGES.linkCultivarSelf);
    return this.db.transaction().execute(async (trx) => {
      const from = await this.repo.cultivar(trx, cultivarId);
      if (!from) throw notFound('Cultivar');
      const to = await this.repo.cultivar(trx, linkCultivarId);
      if (!to) throw fieldError('linkCultivarId', CROP_MESSAGES.linkCultivar);
      if (to.cropId !== from.cropId) throw fieldError('linkCultivarId', CROP_MESSAGES.linkCultivarCrop);
      const moved = await this.references.move(trx, 'cultivars', from, to, { userId });
      await this.repo.archiveCultivar(trx, cultivarId);
      await recordChange(trx, { userId, entity: 'cultivar', entityId: cultivarId, action: 'delete', oldValues: { name: from.name }, newValues: { linkedTo: { id: to.id, name: to.name }, moved } });
      return true as const;
    });
  }

  /** The norms that apply to a sample of this crop (and cultivar and stage, when known), and where each comes from. */
  async resolve(cropId: number, cultivarId: number | null, growthStageId: number | null): Promise<ResolvedNorms> {
    if (!(await this.repo.crop(this.db, cropId))) throw notFound('Crop');
    return resolveSampleNorms(this.db, cropId, cultivarId, growthStageId);
  }
}

/** '{name} (copy)', or '{name} (copy N)' with the first N from 2 whose name is not taken (names compared trimmed, in lower case). */
function freeCopyName(name: string, taken: Set<string>): string {
  const free = (n: string) => !taken.has(n.trim().toLowerCase());
  if (free(`${name} (copy)`)) return `${name} (copy)`;
  let n = 2;
  while (!free(`${name} (copy ${n})`)) n++;
  return `${name} (copy ${n})`;
}
