import type { FeatureModule } from '../../platform/features/feature-module';
import * as m0190 from './migrations/0190_submissions';
import { submissionKeeps, submissionMovers } from './submissions.movers';
import { seedSubmissionsDemo } from './submissions.demo';
import { registerSubmissions } from './submissions.routes';

/** Submissions of leaf and soil samples to a lab (/submissions, /farmerssamplesubmissions). */
export const submissionsFeature: FeatureModule = {
  name: 'submissions',
  owns: ['submissions', 'submission_samples', 'submission_events'],
  register: registerSubmissions,
  migrations: { '0190_submissions': m0190 },
  movers: submissionMovers,
  keeps: submissionKeeps,
  demo: (deps) => seedSubmissionsDemo(deps),
};
