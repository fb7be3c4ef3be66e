import { tissuesEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { TissuesService } from './tissues.service';

export function registerTissues(registrar: Registrar, deps: FeatureContext): void {
  const tissues = new TissuesService(deps.db, deps.references);
  registrar.feature(tissuesEndpoints, {
    upsert: (input, ctx) => tissues.upsert(input, ctx.user.id),
    delete: (input, ctx) => tissues.remove(input.id, ctx.user.id),
    paged: (input) => tissues.paged(input),
    tissueActive: (input, ctx) => tissues.setActive(input.id, input.active, ctx.user.id),
    index: () => tissues.list(false),
    activeTissues: () => tissues.list(true),
  });
}
