import type { referenceListEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { type ReferenceListConfig, ReferenceListService } from './reference-list.service';

/** Registers the four calls of a reference list (index, paged, upsert, archive). */
export function registerReferenceList(
  registrar: Registrar,
  ctx: FeatureContext,
  endpoints: ReturnType<typeof referenceListEndpoints>,
  config: ReferenceListConfig,
): void {
  const service = new ReferenceListService(ctx.db, config, ctx.references);
  registrar.feature(endpoints, {
    index: () => service.index(),
    paged: (input) => service.paged(input),
    upsert: (input, ctx) => service.upsert(input, ctx.user.id),
    archive: (input, ctx) => service.archive(input.id, input.assignId, ctx.user.id),
  });
}
