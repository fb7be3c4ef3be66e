import { cropGrowthsEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { CropGrowthsService } from './cropgrowths.service';
import { registerCropMaster } from './master/master.routes';
import { OverridesService } from './overrides.service';

export function registerCropGrowths(registrar: Registrar, deps: FeatureContext): void {
  registerCropMaster(registrar, deps);
  const crops = new CropGrowthsService(deps.db, deps.references);
  const regions = new OverridesService(deps.db, 'region', crops.repo);
  const cultivars = new OverridesService(deps.db, 'cultivar', crops.repo);
  registrar.feature(cropGrowthsEndpoints, {
    crops: (input) => crops.crops(input),
    cropGrowths: (input) => crops.cropGrowths(input.cropId),
    cropGrowthsUpsert: (input, ctx) => crops.upsert(input, ctx.user.id),
    cropGrowthsRemove: (input, ctx) => crops.remove(input.id, input.assignId, ctx.user.id),
    updateCropActive: (input, ctx) => crops.setActive(input.id, input.active, ctx.user.id),
    getRegions: (input) => regions.pickList(input.cropId),
    regionsCropGrowths: async (input) => {
      const r = await regions.list(input.cropId);
      return { growths: r.growths, regions: r.owners };
    },
    addRegion: (input, ctx) => regions.add(input.cropId, input.name, ctx.user.id),
    deleteRegion: (input, ctx) => regions.remove(input.id, ctx.user.id),
    updateRegions: async (input, ctx) => {
      const r = await regions.update(input.cropId, input.regions, 'regions', ctx.user.id);
      return { growths: r.growths, regions: r.owners };
    },
    cultivarGrowth: async (input) => {
      const r = await cultivars.list(input.cropId);
      return { growths: r.growths, cultivars: r.owners };
    },
    addCultivar: (input, ctx) => cultivars.add(input.cropId, input.name, ctx.user.id),
    deleteCultivar: (input, ctx) => cultivars.remove(input.id, ctx.user.id),
    updateCultivarGrowth: async (input, ctx) => {
      const r = await cultivars.update(input.cropId, input.cultivars, 'cultivars', ctx.user.id);
      return { growths: r.growths, cultivars: r.owners };
    },
  });
}
