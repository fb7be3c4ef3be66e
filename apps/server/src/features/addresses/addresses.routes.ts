import { addressEndpoints } from '@sapwood/contracts';
import type { AppDeps } from '../../http/context';
import type { Registrar } from '../../http/registrar';
import { AddressesService } from './addresses.service';

export function registerAddresses(registrar: Registrar, deps: AppDeps): void {
  const addresses = new AddressesService(deps.db);
  registrar.feature(addressEndpoints, {
    paged: (input) => addresses.paged(input),
    index: () => addresses.index(),
    upsert: (input, ctx) => addresses.upsert(input, ctx.user.id),
    delete: (input, ctx) => addresses.delete(input.id, ctx.user.id),
    setDefault: (input, ctx) => addresses.setDefault(input.id, ctx.user.id),
  });
}
