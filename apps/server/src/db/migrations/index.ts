import type { Migration } from 'kysely';
import * as m0001 from './0001_platform';
import * as m0002 from './0002_reference';
import * as m0003 from './0003_carbohydrates';
import * as m0070 from './0070_carbohydrate_results';

/** Every migration, in order. Names sort; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_reference': m0002,
  '0003_carbohydrates': m0003,
  '0070_carbohydrate_results': m0070,
};
