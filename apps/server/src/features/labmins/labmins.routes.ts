import { labminEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { LabCropsRepository } from './labmins.repository';
import { LabCropsService } from './labmins.service';

/** /api/labmin/*: the lab crop list, each provider's crops for the crop master's selectors, and the sync. */
export function registerLabmins(registrar: Registrar, { db, labs }: FeatureContext): void {
  const repo = new LabCropsRepository(db);
  const service = new LabCropsService(db, repo, labs);
  registrar.feature(labminEndpoints, {
    paged: (input) => repo.paged(input),
    allcrops: () => repo.ofProvider('Nvirotek'),
    wynlandcrops: () => repo.ofProvider('Wynland'),
    sync: (_input, ctx) => service.sync(ctx.user.id),
  });
}
