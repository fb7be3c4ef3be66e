import type { FeatureModule } from '../../platform/features/feature-module';
import { seedLabDemo } from './lab.demo';
import { labKeeps, labMovers } from './lab.movers';
import { registerLab } from './lab.routes';
import * as m0070 from './migrations/0070_carbohydrate_results';
import * as m0090 from './migrations/0090_carbohydrate_filter_indexes';
import * as m0110 from './migrations/0110_carbohydrate_search_keys';
import * as m0130 from './migrations/0130_carbohydrate_sort_indexes';

/** What other server features may use of the lab: the entry writes of the carbohydrate results screen. */
export { mergeLocationGroups, updateLabEntry, type LabEntryEdit } from './lab-entry-edits.repository';

/** Lab jobs and their entries, and the captured carbohydrate samples they come from. */
export const labFeature: FeatureModule = {
  name: 'lab',
  owns: ['lab_jobs', 'lab_job_entries', 'location_groups', 'carbohydrate_samples'],
  register: registerLab,
  movers: labMovers,
  keeps: labKeeps,
  migrations: {
    '0070_carbohydrate_results': m0070,
    '0090_carbohydrate_filter_indexes': m0090,
    '0110_carbohydrate_search_keys': m0110,
    '0130_carbohydrate_sort_indexes': m0130,
  },
  demo: (deps) => seedLabDemo(deps.db),
};
