import type { PlatformTables } from './tables/platform';

/** The whole database as Kysely sees it: one interface per area, joined here. */
export interface Database extends PlatformTables {}
