import { farmsEndpoints } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import type { Registrar } from '../../http/registrar';
import { pagedFarms } from './farms.repository';

/** /api/farm/paged: the read-only farm list (Admin only). */
export function registerFarms(registrar: Registrar, db: Db): void {
  registrar.feature(farmsEndpoints, {
    paged: (input) => pagedFarms(db, input),
  });
}
