import { farmersSampleEndpoints, leafsEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { createCaptureClient } from '../../platform/integrations/capture.client';
import { CapturesService } from './captures.service';

export function registerLeafs(registrar: Registrar, deps: FeatureContext): void {
  const { config } = deps;
  const captures = new CapturesService(deps.db, createCaptureClient({ url: config.CAPTURE_URL, apiKey: config.CAPTURE_API_KEY, timeoutMs: config.CAPTURE_TIMEOUT_MS }));
  registrar.feature(leafsEndpoints, {
    sync: (_input, ctx) => captures.sync('leaf', ctx.user.id),
    notCompleted: (input) => captures.repo.list('NotCompleted', input),
    completed: (input) => captures.repo.list('Completed', input),
    archived: (input) => captures.repo.list('Archived', input),
    archive: (input, ctx) => captures.archive('leaf', [input.id], input.archive, ctx.user.id),
    updateLab: (input, ctx) => captures.updateLab(input.testLeafDataId, input.lab, ctx.user.id),
    getApiData: (input) => captures.apiData(input.id, 'leaf'),
  });
  registrar.feature(farmersSampleEndpoints, {
    sync: (_input, ctx) => captures.sync('soil', ctx.user.id),
    notCompleted: (input) => captures.repo.list('NotCompleted', input, 'soil'),
    completed: (input) => captures.repo.list('Completed', input, 'soil'),
    archived: (input) => captures.repo.list('Archived', input, 'soil'),
    archive: (input, ctx) => captures.archive('soil', [input.id], input.archive, ctx.user.id),
    archiveFarmersSample: (input, ctx) => captures.archive('soil', [...new Set(input.ids)], true, ctx.user.id),
    getApiData: (input) => captures.apiData(input.id, 'soil'),
  });
}
