import { depotsEndpoints } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import type { Registrar } from '../../http/registrar';
import { registerReferenceList } from '../reference-lists/reference-list.routes';
import { moveDepotReferences } from './depots.repository';

/** /api/depot/*: an archivable named reference list (submissions will refer to depots). */
export function registerDepots(registrar: Registrar, db: Db): void {
  registerReferenceList(registrar, depotsEndpoints, db, { table: 'depots', noun: 'depot', moveReferences: moveDepotReferences });
}
