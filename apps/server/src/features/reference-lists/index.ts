import type { EndpointDef, referenceListEndpoints } from '@sapwood/contracts';
import type { FeatureModule } from '../../platform/features/feature-module';
import { seedDemoReferenceList } from './reference-list.demo';
import { type ReferenceListCall, registerReferenceList } from './reference-list.routes';
import type { ReferenceListRules } from './reference-list.service';

export type { ReferenceListRow } from './reference-list.repository';

/**
 * A plain reference list, declared: its table, editable columns (named alike in the table and the contract),
 * sorts and searched columns, its rules (a unique column, a delete refused while in use) and which of the
 * block's calls answers each endpoint of its contract. The block gives the routes, the rules (versions, 409,
 * audit in the change's transaction, references moved on archive) and the SQL (`pagedQuery`). This folder is
 * shared code, not a feature: each list's feature (tissues, agents, depots) is made by it and owns its table.
 */
export interface ReferenceListDeclaration<E extends Record<string, EndpointDef>> extends Omit<ReferenceListRules, 'sorts' | 'search' | 'defaultSort'> {
  /** the feature's folder name */
  name: string;
  endpoints: E;
  /** which call of the block answers each endpoint */
  calls: { [K in keyof E]: ReferenceListCall };
  /** whitelisted sorts (id → column); default: each column by itself */
  sorts?: Record<string, string>;
  /** searched columns; default: name */
  search?: readonly string[];
  /** default: name */
  defaultSort?: string;
  /** demo rows (column → value), added only to an empty list on a first start with SEED_DEMO */
  demoRows?: readonly Record<string, unknown>[];
  /** the rest of the feature's module (movers, kept references, text keys) */
  module?: Pick<FeatureModule, 'movers' | 'keeps' | 'textKeys'>;
}

export function defineReferenceList<E extends Record<string, EndpointDef>>(list: ReferenceListDeclaration<E>): FeatureModule {
  const { name, endpoints, calls, module, demoRows, ...rest } = list;
  const rules: ReferenceListRules = {
    ...rest,
    sorts: list.sorts ?? Object.fromEntries(list.columns.map((c) => [c, c])),
    search: list.search ?? ['name'],
    defaultSort: list.defaultSort ?? 'name',
  };
  return {
    ...module,
    name,
    owns: [list.table],
    register: (registrar, ctx) => registerReferenceList(registrar, ctx, endpoints, calls, rules),
    ...(demoRows ? { demo: (deps) => seedDemoReferenceList(deps.db, rules, demoRows) } : {}),
  };
}

/**
 * An archivable named list of the agents/depots shape (`referenceListEndpoints` in the contracts: index, paged,
 * upsert, archive with reassignment; name and originate), with its demo items [name, originate].
 */
export function namedArchivableList(opts: {
  name: string;
  table: ReferenceListDeclaration<ReturnType<typeof referenceListEndpoints>>['table'];
  noun: string;
  endpoints: ReturnType<typeof referenceListEndpoints>;
  demo: readonly (readonly [string, 'International' | 'Usa'])[];
}): FeatureModule {
  return defineReferenceList({
    ...opts, columns: ['name', 'originate'], created: 'insert',
    calls: { index: 'index', paged: 'paged', upsert: 'upsert', archive: 'archive' },
    demoRows: opts.demo.map(([name, originate]) => ({ name, originate })),
  });
}
