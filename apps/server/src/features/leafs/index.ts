import type { FeatureModule } from '../../platform/features/feature-module';
import { seedCaptureResultsDemo } from './capture-results.demo';
import { seedCapturesDemo } from './leafs.demo';
import { captureMovers } from './leafs.movers';
import { registerLeafs } from './leafs.routes';
import * as m0170 from './migrations/0170_captures';
import * as m0171 from './migrations/0171_capture_photos';
import * as m0181 from './migrations/0181_capture_results';
import * as m0182 from './migrations/0182_capture_list_indexes';
import * as m0183 from './migrations/0183_capture_keys';
import * as m0184 from './migrations/0184_capture_submission';
import * as m0194 from './migrations/0194_capture_located';
import * as m0205 from './migrations/0205_capture_result_flags';
import * as m0210 from './migrations/0210_refused_captures';
import * as m0215 from './migrations/0215_capture_groups';

/** Leaf and soil captures pulled from the field capture app (/leafs, /farmerssampleentries). */
export const leafsFeature: FeatureModule = {
  name: 'leafs',
  owns: ['captures', 'capture_results', 'capture_groups'],
  register: registerLeafs,
  migrations: {
    '0170_captures': m0170, '0171_capture_photos': m0171, '0181_capture_results': m0181, '0182_capture_list_indexes': m0182,
    '0183_capture_keys': m0183, '0184_capture_submission': m0184, '0194_capture_located': m0194, '0205_capture_result_flags': m0205, '0210_refused_captures': m0210, '0215_capture_groups': m0215,
  },
  movers: captureMovers,
  demo: async (deps) => {
    await seedCapturesDemo(deps);
    await seedCaptureResultsDemo(deps);
  },
};

/** The one way other features (submissions) store a capture's lab results. */
export { type CaptureResultInput, recordCaptureResults } from './capture-results.service';

/** The one way the submissions feature reads and moves captures. */
export { captureSubmissions, type EntryForSubmission, type HandSample } from './capture-submissions';

/** The Prepare tabs' lists of pending groups (the Not Completed captures by day, client and farm). */
export { PendingGroupLists } from './capture-groups.repository';
