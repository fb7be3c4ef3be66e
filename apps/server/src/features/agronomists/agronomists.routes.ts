import { agronomistEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { AgronomistsService } from './agronomists.service';

export function registerAgronomists(registrar: Registrar, deps: FeatureContext): void {
  const agronomists = new AgronomistsService(deps.db, deps.references);
  registrar.feature(agronomistEndpoints, {
    index: () => agronomists.index(),
    paged: (input) => agronomists.paged(input),
    upsert: (input, ctx) => agronomists.upsert(input, ctx.user.id),
    archive: (input, ctx) => agronomists.archive(input.id, input.assignId, ctx.user.id),
  });
}
