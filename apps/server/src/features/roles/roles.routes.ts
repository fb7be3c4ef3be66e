import { roleEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { RolesService } from './roles.service';

export function registerRoles(registrar: Registrar, deps: FeatureContext): void {
  const roles = new RolesService(deps.db, deps.references);
  registrar.feature(roleEndpoints, {
    index: () => roles.index(),
    paged: (input) => roles.paged(input),
    upsert: (input, ctx) => roles.upsert(input, ctx.user.id),
    delete: (input, ctx) => roles.delete(input.id, ctx.user.id),
  });
}
