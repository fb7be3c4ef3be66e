import { agronomistEndpoints } from '@sapwood/contracts';
import type { AppDeps } from '../../http/context';
import type { Registrar } from '../../http/registrar';
import { AgronomistsService } from './agronomists.service';

export function registerAgronomists(registrar: Registrar, deps: AppDeps): void {
  const agronomists = new AgronomistsService(deps.db);
  registrar.feature(agronomistEndpoints, {
    index: () => agronomists.index(),
    paged: (input) => agronomists.paged(input),
    upsert: (input, ctx) => agronomists.upsert(input, ctx.user.id),
    archive: (input, ctx) => agronomists.archive(input.id, input.assignId, ctx.user.id),
  });
}
