import { labminEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { LabCropsRepository } from './labmins.repository';
import { LabCropsService } from './labmins.service';
import { LabCropSyncJobs } from './labmins-sync.job';

/** /api/labmin/*: the lab crop list, each provider's crops for the crop master's selectors, and the sync. */
export function registerLabmins(registrar: Registrar, { db, labs, jobs }: FeatureContext): void {
  const repo = new LabCropsRepository(db);
  const syncs = new LabCropSyncJobs(jobs, new LabCropsService(db, repo, labs));
  registrar.feature(labminEndpoints, {
    paged: (input) => repo.paged(input),
    allcrops: () => repo.ofProvider('Nvirotek'),
    wynlandcrops: () => repo.ofProvider('Wynland'),
    sync: (_input, ctx) => syncs.start(ctx.user.id),
    syncStatus: () => syncs.status(),
  });
}
