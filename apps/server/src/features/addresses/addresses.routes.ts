import { addressEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { AddressesService } from './addresses.service';

export function registerAddresses(registrar: Registrar, deps: FeatureContext): void {
  const addresses = new AddressesService(deps.db);
  registrar.feature(addressEndpoints, {
    paged: (input) => addresses.paged(input),
    index: () => addresses.index(),
    upsert: (input, ctx) => addresses.upsert(input, ctx.user.id),
    delete: (input, ctx) => addresses.delete(input.id, ctx.user.id),
    setDefault: (input, ctx) => addresses.setDefault(input.id, ctx.user.id),
  });
}
