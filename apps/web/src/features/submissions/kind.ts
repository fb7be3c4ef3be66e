import { apiFeatures } from '@sapwood/contracts';

export type SubmissionKind = 'leaf' | 'soil';

/** The calls of a kind's screen (leaf under /api/submission, farmers' under /api/farmerssample). */
export const endpointsOf = (kind: SubmissionKind) => (kind === 'leaf' ? apiFeatures.submissions : apiFeatures.farmersSubmissions);

/** The result calls of a kind (manual entry, documents, states, the lab result view). */
export const resultEndpointsOf = (kind: SubmissionKind) => (kind === 'leaf' ? apiFeatures.submissionResults : apiFeatures.farmersSubmissionResults);
