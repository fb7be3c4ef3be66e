import { cropsEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../../http/registrar';
import type { FeatureContext } from '../../../platform/features/feature-module';
import { serveCropImage } from './crop-image';
import { CropMasterService } from './master.service';
import { PickListsRepository } from './pick-lists.repository';

/** The crop master's calls (/api/crop/…). */
export function registerCropMaster(registrar: Registrar, deps: FeatureContext): void {
  const lists = new PickListsRepository(deps.db);
  const crops = new CropMasterService(deps.db, deps.references, deps.storage, deps.log);
  registrar.feature(cropsEndpoints, {
    paged: (input) => crops.paged(input),
    all: () => crops.all(),
    get: (input) => crops.get(input.id),
    upsert: (input, ctx) => crops.upsert(input, ctx.user.id),
    assignLab: (input, ctx) => crops.assignLab(input.cropId, input, ctx.user.id),
    cultivars: (input) => crops.cultivars(input.id),
    upsertCultivar: (input, ctx) => crops.upsertCultivars(input.cropId, input.entities, ctx.user.id),
    growthStages: (input) => crops.stages(input.id),
    upsertGrowthStages: (input, ctx) => crops.upsertStages(input.cropId, input.growthStages, ctx.user.id),
    delete: (input, ctx) => crops.deleteCrop(input.cropId, input.linkCropId, ctx.user.id),
    deleteCultivar: (input, ctx) => crops.deleteCultivar(input.cultivarId, input.linkCultivarId, ctx.user.id),
    withCultivars: () => lists.withCultivars(),
    withGrowths: () => lists.withGrowths(),
    upsertCrop: (input, ctx) => crops.upsertCrop(input, ctx.user.id),
    pagedCropGraphs: (input) => lists.cropGraphs(input),
    pagedCultivarGraphs: (input) => lists.cultivarGraphs(input),
    getCultivar: (input) => crops.getCultivar(input.id),
    cloneCultivar: (input, ctx) => crops.cloneCultivar(input.id, ctx.user.id),
    cloneCrop: (input, ctx) => crops.cloneCrop(input.id, ctx.user.id),
    resolveNorms: (input) => crops.resolve(input.cropId, input.cultivarId, input.growthStageId),
  });
  registrar.fileRoute('/upload/crops/:file', (req, reply) => serveCropImage(deps.storage, req, reply));
}
