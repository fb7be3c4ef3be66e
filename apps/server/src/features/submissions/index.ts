import type { FeatureModule } from '../../platform/features/feature-module';
import * as m0190 from './migrations/0190_submissions';
import * as m0191 from './migrations/0191_submission_results';
import * as m0192 from './migrations/0192_submission_files';
import * as m0193 from './migrations/0193_submission_list_columns';
import * as m0195 from './migrations/0195_submission_posts';
import * as m0200 from './migrations/0200_submission_unmatched';
import * as m0243 from './migrations/0243_submission_file_hashes';
import { submissionKeeps, submissionMovers } from './submissions.movers';
import { seedSubmissionsDemo } from './submissions.demo';
import { registerSubmissions } from './submissions.routes';

/** Submissions of leaf and soil samples to a lab (/submissions, /farmerssamplesubmissions). */
export const submissionsFeature: FeatureModule = {
  name: 'submissions',
  owns: ['submissions', 'submission_samples', 'submission_events', 'submission_files', 'submission_posts', 'submission_unmatched'],
  register: registerSubmissions,
  migrations: { '0190_submissions': m0190, '0191_submission_results': m0191, '0192_submission_files': m0192, '0193_submission_list_columns': m0193, '0195_submission_posts': m0195, '0200_submission_unmatched': m0200, '0243_submission_file_hashes': m0243 },
  movers: submissionMovers,
  keeps: submissionKeeps,
  demo: (deps) => seedSubmissionsDemo(deps),
};

/** The one place a submission's results are read from (issue 31): its own lab order's, and what matched no row. */
export { type UnmatchedSample, OwnResultsRepository, ownResults } from './own-results.repository';
