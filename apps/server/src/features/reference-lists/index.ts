import type { referenceListEndpoints } from '@sapwood/contracts';
import type { FeatureModule } from '../../platform/features/feature-module';
import { seedDemoReferenceList } from './reference-list.demo';
import type { ReferenceListTable } from './reference-list.repository';
import { registerReferenceList } from './reference-list.routes';

/**
 * What other server features may use of reference lists: the module of one archivable named list (agents,
 * depots). This folder is shared code, not a feature of its own: each list's feature (features/agents,
 * features/depots) is made by `referenceListFeature` and owns its table.
 */
export function referenceListFeature(opts: {
  name: string;
  endpoints: ReturnType<typeof referenceListEndpoints>;
  table: ReferenceListTable;
  /** audit entity name and the noun of messages: 'agent', 'depot' */
  noun: string;
  /** demo items [name, originate], added only to an empty list */
  demo: readonly (readonly [string, 'International' | 'Usa'])[];
}): FeatureModule {
  return {
    name: opts.name,
    owns: [opts.table],
    register: (registrar, ctx) => registerReferenceList(registrar, ctx, opts.endpoints, { table: opts.table, noun: opts.noun }),
    demo: (deps) => seedDemoReferenceList(deps.db, opts.table, opts.demo),
  };
}
