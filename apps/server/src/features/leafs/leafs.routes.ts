import { farmersSampleEndpoints, leafsEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { createCaptureClient } from '../../platform/integrations/capture.client';
import { serveImage } from '../../platform/images/stored-images';
import { syncPhotoAndLocation } from './capture-photos';
import { CaptureResultsService } from './capture-results.service';
import { capturesExcel } from './captures-excel';
import { CaptureSyncJobs } from './captures-sync.job';
import { CapturesService } from './captures.service';

export function registerLeafs(registrar: Registrar, deps: FeatureContext): void {
  const { config } = deps;
  const source = createCaptureClient({ url: config.CAPTURE_URL, apiKey: config.CAPTURE_API_KEY, timeoutMs: config.CAPTURE_TIMEOUT_MS });
  const captures = new CapturesService(deps.db, source);
  const results = new CaptureResultsService(deps.db);
  const syncs = new CaptureSyncJobs(deps.jobs, captures);
  // every app server schedules the syncs; the job queue's dedupe key runs one at a time
  if (source.configured) syncs.schedule(config.CAPTURE_SYNC_INTERVAL_MINUTES);
  registrar.feature(leafsEndpoints, {
    sync: (_input, ctx) => syncs.start('leaf', ctx.user.id),
    syncStatus: () => syncs.status('leaf'),
    notCompleted: (input) => captures.repo.list('NotCompleted', input),
    completed: (input) => captures.repo.list('Completed', input),
    archived: (input) => captures.repo.list('Archived', input),
    archive: (input, ctx) => captures.archive('leaf', [input.id], input.archive, ctx.user.id),
    updateLab: (input, ctx) => captures.updateLab(input.testLeafDataId, input.lab, ctx.user.id),
    pagedExcel: (input, ctx) => capturesExcel(captures.repo, 'leaf', input, ctx.reply),
    syncPhotoAndLocation: (input, ctx) => syncPhotoAndLocation(deps.db, captures.repo, source, deps.storage, input.id, ctx.user.id),
    getApiData: (input) => captures.apiData(input.id, 'leaf'),
    getLeafResults: (input) => results.list('leaf', input),
  });
  registrar.fileRoute('/upload/captures/:file', (req, reply) => serveImage(deps.storage, 'captures', req, reply));
  registrar.feature(farmersSampleEndpoints, {
    sync: (_input, ctx) => syncs.start('soil', ctx.user.id),
    syncStatus: () => syncs.status('soil'),
    notCompleted: (input) => captures.repo.list('NotCompleted', input, 'soil'),
    completed: (input) => captures.repo.list('Completed', input, 'soil'),
    archived: (input) => captures.repo.list('Archived', input, 'soil'),
    archive: (input, ctx) => captures.archive('soil', [input.id], input.archive, ctx.user.id),
    archiveFarmersSample: (input, ctx) => captures.archive('soil', [...new Set(input.ids)], true, ctx.user.id),
    getApiData: (input) => captures.apiData(input.id, 'soil'),
    pagedExcel: (input, ctx) => capturesExcel(captures.repo, 'soil', input, ctx.reply),
    getFarmerSampleResults: (input) => results.list('soil', input),
  });
}
