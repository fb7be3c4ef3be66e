import { TISSUE_MESSAGES, tissuesEndpoints } from '@sapwood/contracts';
import type { Generated } from 'kysely';
import { defineReferenceList } from '../reference-lists';
import { stagesUsing } from './tissues.repository';

/** What other server features may use of tissues: a tissue by name, added when missing (demo data). */
export { ensureTissue } from './tissues.demo';

declare module '../../db/schema' {
  /** the tissue table (migration 0002): this feature's own, declared here and merged into the database's type */
  interface Database {
    tissues: { id: Generated<number>; name: string; active: Generated<boolean>; archived: Generated<boolean>; row_version: Generated<number> };
  }
}

/**
 * Tissues (/carbohydratestissues): a plain reference list, the example a new list copies. Names are unique
 * (case-blind) among the tissues not deleted; a tissue that is the organ type of a current growth stage is
 * not deleted (409 naming the stages); a deleted one is archived, so the entries that name it keep it.
 */
export const tissuesFeature = defineReferenceList({
  name: 'tissues', table: 'tissues', noun: 'tissue', columns: ['name', 'active'],
  sorts: { name: 'name', active: 'active', id: 'id' },
  unique: { column: 'name', message: TISSUE_MESSAGES.nameTaken },
  inUse: async (db, tissue) => {
    const stages = await stagesUsing(db, tissue.id);
    if (!stages.length) return null;
    const list = stages.slice(0, 5).join(', ') + (stages.length > 5 ? ', …' : '');
    return `${tissue.name} is the organ type of growth stage ${list}. Choose another organ type there first.`;
  },
  endpoints: tissuesEndpoints,
  calls: { upsert: 'upsert', delete: 'delete', paged: 'paged', tissueActive: 'setActive', index: 'index', activeTissues: 'activeIndex' },
});
