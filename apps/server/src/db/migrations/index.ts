import type { Migration } from 'kysely';
import * as m0001 from './0001_platform';
import * as m0002 from './0002_reference';
import * as m0003 from './0003_carbohydrates';
import * as m0080 from './0080_reports';
import * as m0040 from './0040_language_versions';
import * as m0030 from './0030_reference_list_versions';
import * as m0035 from './0035_addresses_distributors';
import * as m0020 from './0020_users_roles_versions';
import * as m0050 from './0050_carbohydrate_reference_versions';
import * as m0070 from './0070_carbohydrate_results';
import * as m0090 from './0090_carbohydrate_filter_indexes';
import * as m0100 from './0100_auth_change_notify';
import * as m0110 from './0110_carbohydrate_search_keys';

/** Every migration, in order. Names sort; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_reference': m0002,
  '0003_carbohydrates': m0003,
  '0080_reports': m0080,
  '0040_language_versions': m0040,
  '0030_reference_list_versions': m0030,
  '0035_addresses_distributors': m0035,
  '0020_users_roles_versions': m0020,
  '0050_carbohydrate_reference_versions': m0050,
  '0070_carbohydrate_results': m0070,
  '0090_carbohydrate_filter_indexes': m0090,
  '0100_auth_change_notify': m0100,
  '0110_carbohydrate_search_keys': m0110,
};
