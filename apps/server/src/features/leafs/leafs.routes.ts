import { farmersSampleEndpoints, leafsEndpoints } from '@sapwood/contracts';
import { JsonText } from '../../http/json-text';
import { lean } from '../../http/lean-router';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { createCaptureClient } from '../../platform/integrations/capture.client';
import { serveImage } from '../../platform/images/stored-images';
import { syncPhotoAndLocation } from './capture-photos';
import { capturesExcel } from './captures-excel';
import { CaptureListsRepository } from './captures-list.repository';
import { CaptureSyncJobs } from './captures-sync.job';
import { CapturesService } from './captures.service';

export function registerLeafs(registrar: Registrar, deps: FeatureContext): void {
  const { config } = deps;
  const source = createCaptureClient({ url: config.CAPTURE_URL, apiKey: config.CAPTURE_API_KEY, timeoutMs: config.CAPTURE_TIMEOUT_MS });
  const captures = new CapturesService(deps.db, source);
  const lists = new CaptureListsRepository(deps.db);
  const syncs = new CaptureSyncJobs(deps.jobs, captures);
  // every app server schedules the syncs; the job queue's dedupe key runs one at a time
  if (source.configured) syncs.schedule(config.CAPTURE_SYNC_INTERVAL_MINUTES);
  registrar.feature(leafsEndpoints, {
    sync: (_input, ctx) => syncs.start('leaf', ctx.user.id),
    syncStatus: () => syncs.status('leaf'),
    notCompleted: lean(async (input) => JsonText.page(await lists.state('leaf', 'NotCompleted').read(input))),
    completed: lean(async (input) => JsonText.page(await lists.state('leaf', 'Completed').read(input))),
    archived: lean(async (input) => JsonText.page(await lists.state('leaf', 'Archived').read(input))),
    archive: (input, ctx) => captures.archive('leaf', [input.id], input.archive, ctx.user.id),
    updateLab: (input, ctx) => captures.updateLab(input.testLeafDataId, input.lab, ctx.user.id),
    pagedExcel: (input, ctx) => capturesExcel(lists.state('leaf', input.status), 'leaf', input, ctx.reply),
    syncPhotoAndLocation: (input, ctx) => syncPhotoAndLocation(deps.db, captures.repo, source, deps.storage, input.id, ctx.user.id),
    getApiData: (input) => captures.apiData(input.id, 'leaf'),
    refused: lean(async (input) => JsonText.page(await lists.refused('leaf').read(input))),
    getLeafResults: lean(async (input) => JsonText.page(await lists.results('leaf').read(input))),
    resultsExcel: (input, ctx) => capturesExcel(lists.results('leaf'), 'leaf', { ...input, status: 'Results' }, ctx.reply),
  });
  // a capture's photo: for those who see the captures of one kind or the other
  registrar.fileRoute('/upload/captures/:file', (req, reply) => serveImage(deps.storage, 'captures', req, reply), ['Leafs', 'FarmersSampleEntries']);
  registrar.feature(farmersSampleEndpoints, {
    sync: (_input, ctx) => syncs.start('soil', ctx.user.id),
    syncStatus: () => syncs.status('soil'),
    notCompleted: lean(async (input) => JsonText.page(await lists.state('soil', 'NotCompleted').read(input))),
    completed: lean(async (input) => JsonText.page(await lists.state('soil', 'Completed').read(input))),
    archived: lean(async (input) => JsonText.page(await lists.state('soil', 'Archived').read(input))),
    archive: (input, ctx) => captures.archive('soil', [input.id], input.archive, ctx.user.id),
    archiveFarmersSample: (input, ctx) => captures.archive('soil', [...new Set(input.ids)], true, ctx.user.id),
    getApiData: (input) => captures.apiData(input.id, 'soil'),
    refused: lean(async (input) => JsonText.page(await lists.refused('soil').read(input))),
    pagedExcel: (input, ctx) => capturesExcel(lists.state('soil', input.status), 'soil', input, ctx.reply),
    getFarmerSampleResults: lean(async (input) => JsonText.page(await lists.results('soil').read(input))),
    resultsExcel: (input, ctx) => capturesExcel(lists.results('soil'), 'soil', { ...input, status: 'Results' }, ctx.reply),
  });
}
