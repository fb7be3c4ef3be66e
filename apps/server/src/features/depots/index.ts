import { depotsEndpoints } from '@sapwood/contracts';
import { namedArchivableList } from '../reference-lists';

/**
 * /api/depot/*: an archivable named reference list. Submissions name a depot; their feature registers a
 * mover for `depots`, which the archive's reassignment runs.
 */
export const depotsFeature = namedArchivableList({
  name: 'depots', endpoints: depotsEndpoints, table: 'depots', noun: 'depot',
  demo: [['Paarl Depot (demo)', 'International'], ['Letsitele Depot (demo)', 'International'], ['Fresno Depot (demo)', 'Usa']],
});
