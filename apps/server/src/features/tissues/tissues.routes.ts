import { tissuesEndpoints } from '@sapwood/contracts';
import type { AppDeps } from '../../http/context';
import type { Registrar } from '../../http/registrar';
import { TissuesService } from './tissues.service';

export function registerTissues(registrar: Registrar, deps: AppDeps): void {
  const tissues = new TissuesService(deps.db);
  registrar.feature(tissuesEndpoints, {
    upsert: (input, ctx) => tissues.upsert(input, ctx.user.id),
    delete: (input, ctx) => tissues.remove(input.id, ctx.user.id),
    paged: (input) => tissues.paged(input),
    tissueActive: (input, ctx) => tissues.setActive(input.id, input.active, ctx.user.id),
    index: () => tissues.list(false),
    activeTissues: () => tissues.list(true),
  });
}
