import { depotsEndpoints } from '@sapwood/contracts';
import { defineReferenceList } from '../reference-lists';

/**
 * /api/depot/*: an archivable named reference list. Submissions name a depot; their feature registers a
 * mover for `depots`, which the archive's reassignment runs.
 */
export const depotsFeature = defineReferenceList({
  name: 'depots', table: 'depots', noun: 'depot', columns: ['name', 'originate'], created: 'insert',
  endpoints: depotsEndpoints, calls: { index: 'index', paged: 'paged', upsert: 'upsert', archive: 'archive' },
  demoRows: [
    { name: 'Paarl Depot (demo)', originate: 'International' }, { name: 'Letsitele Depot (demo)', originate: 'International' },
    { name: 'Fresno Depot (demo)', originate: 'Usa' },
  ],
});
