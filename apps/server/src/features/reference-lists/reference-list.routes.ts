import type { referenceListEndpoints } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import type { Registrar } from '../../http/registrar';
import { type ReferenceListConfig, ReferenceListService } from './reference-list.service';

/** Registers the four calls of a reference list (index, paged, upsert, archive). */
export function registerReferenceList(
  registrar: Registrar,
  endpoints: ReturnType<typeof referenceListEndpoints>,
  db: Db,
  config: ReferenceListConfig,
): void {
  const service = new ReferenceListService(db, config);
  registrar.feature(endpoints, {
    index: () => service.index(),
    paged: (input) => service.paged(input),
    upsert: (input, ctx) => service.upsert(input, ctx.user.id),
    archive: (input, ctx) => service.archive(input.id, input.assignId, ctx.user.id),
  });
}
