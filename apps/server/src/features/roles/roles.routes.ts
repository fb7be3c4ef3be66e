import { roleEndpoints } from '@sapwood/contracts';
import type { AppDeps } from '../../http/context';
import type { Registrar } from '../../http/registrar';
import { RolesService } from './roles.service';

export function registerRoles(registrar: Registrar, deps: AppDeps): void {
  const roles = new RolesService(deps.db);
  registrar.feature(roleEndpoints, {
    index: () => roles.index(),
    paged: (input) => roles.paged(input),
    upsert: (input, ctx) => roles.upsert(input, ctx.user.id),
    delete: (input, ctx) => roles.delete(input.id, ctx.user.id),
  });
}
