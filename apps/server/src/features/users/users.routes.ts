import { userEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { UsersService } from './users.service';

export function registerUsers(registrar: Registrar, ctx: FeatureContext): void {
  const users = new UsersService(ctx.db, ctx.auth);
  registrar.feature(userEndpoints, {
    index: () => users.index(),
    paged: (input) => users.paged(input),
    unique: (input) => users.nameIsFree(input.name, input.id),
    uniqueEmail: (input) => users.emailIsFree(input.email, input.id),
    upsert: (input, ctx) => users.upsert(input, ctx.user.id),
    quickUpdate: (input, ctx) => users.setActive(input.id, input.active, ctx.user.id),
    archive: (input, ctx) => users.archive(input.id, ctx.user.id),
    unlock: (input, ctx) => users.unlock(input.id, ctx.user.id),
    sendPasswordLink: (input, ctx) => users.sendPasswordLink(input.id, ctx.user.id),
  });
}
