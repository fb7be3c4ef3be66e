import type { FeatureModule } from '../../platform/features/feature-module';
import { LabJobsRepository } from './lab-jobs.repository';
import { seedLabDemo } from './lab.demo';
import { labKeeps, labMovers } from './lab.movers';
import { registerLab } from './lab.routes';

/** What other server features may use of the lab: the entry writes of the carbohydrate results screen. */
export { mergeLocationGroups, updateLabEntry, type LabEntryEdit } from './lab-entry-edits.repository';

/** Lab jobs and their entries, and the captured carbohydrate samples they come from. */
export const labFeature: FeatureModule = {
  name: 'lab',
  owns: ['lab_jobs', 'lab_job_entries', 'location_groups', 'carbohydrate_samples'],
  register: registerLab,
  movers: labMovers,
  keeps: labKeeps,
  // the job's state for QC's reason rule (QC cannot import the lab: the lab imports QC)
  provides: { labJobStatus: (db, jobId) => new LabJobsRepository(db).status(db, jobId) },
  demo: (deps) => seedLabDemo(deps.db),
};
