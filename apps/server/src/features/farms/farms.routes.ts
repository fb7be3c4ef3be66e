import { farmsEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { pagedFarms } from './farms.repository';

/** /api/farm/paged: the read-only farm list (Admin only). */
export function registerFarms(registrar: Registrar, { db }: FeatureContext): void {
  registrar.feature(farmsEndpoints, {
    paged: (input) => pagedFarms(db, input),
  });
}
