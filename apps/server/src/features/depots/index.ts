import { depotsEndpoints } from '@sapwood/contracts';
import { referenceListFeature } from '../reference-lists';

/**
 * /api/depot/*: an archivable named reference list. Nothing refers to a depot yet: submissions (part 2)
 * will, and join the archive's reassignment by registering a mover for `depots` in their own feature module.
 */
export const depotsFeature = referenceListFeature({
  name: 'depots', endpoints: depotsEndpoints, table: 'depots', noun: 'depot',
  demo: [['Paarl Depot (demo)', 'International'], ['Letsitele Depot (demo)', 'International'], ['Fresno Depot (demo)', 'Usa']],
});
