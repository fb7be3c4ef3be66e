import { z } from 'zod';
import { NOT_FOUND, endpoint } from '../endpoint';
import { id } from '../fields';
import { PostResult } from './carbohydrate-report';

/**
 * Posting a completed submission to the farm-management system (MFW; issue 15, spec part 2 §2 Completed tab,
 * §4, §7): `posttomfw {id}` sends the results of every sample of the submission (leaf: sample number, block,
 * crop, lab number, N/A and the values by code with their units; farmers: the soil values) through the MFW
 * connector and answers a list of `{status, message}` (the Posted result dialog's Success and Failed lists).
 *
 * - Only a Completed submission (else 400 at `id`, `notCompleted`) whose captures have a location (else 400 at
 *   `id`, `noLocation`) is posted.
 * - The post carries an idempotency key made of the submission and a hash of what is posted: posting unchanged
 *   results again is the same post, and MFW makes no duplicate. Every attempt is logged with its answer.
 * - Success stamps the submission's posted date (`postedToMfwDate` of the Completed tab's rows) and its
 *   history; a failure answers Failed with the reason and leaves the posted date as it was.
 * - A sample without a result (its lab has not returned it) is not posted, and the answer names it (`posted`:
 *   issue 31, ADR 0117 — never silently left out).
 */
export const SUBMISSION_POSTING_MESSAGES = {
  action: 'Post to MFW',
  confirm: 'Are you sure you want to post this submission to MFW?',
  confirmAgain: 'This submission was already posted to MFW. Post it again?',
  notCompleted: 'Only a completed submission can be posted to MFW.',
  noLocation: 'Only a submission with a location can be posted to MFW.',
  noResults: 'This submission has no results to post.',
  notConfigured: 'MFW is not configured',
  /** `left`: the sample numbers not posted, as they hold no result yet */
  posted: (id: number, samples: number, left: string[] = []) => `Submission ${id}: ${samples} ${samples === 1 ? 'sample' : 'samples'} posted to MFW${
    left.length ? `; ${left.length} without a result not posted: ${left.join(', ')}` : ''}`,
  failed: (id: number, reason: string) => `Submission ${id}: ${reason}`,
} as const;

/** The Posted result dialog's texts (the carbohydrate report's upload and the submissions' post share it). */
export const POST_RESULT_MESSAGES = {
  title: 'Posted result',
  success: 'Success',
  failed: 'Failed',
  nothingSuccessful: 'Nothing successful',
  nothingFailed: 'Nothing failed',
} as const;

const ById = z.object({ id: id('Choose a submission') });

const postToMfw = (base: '/api/submission' | '/api/farmerssample', screen: 'Submissions' | 'FarmersSampleSubmissions') =>
  endpoint({ method: 'POST', path: `${base}/posttomfw`, writes: { unversioned: 'action', reason: 'posts the submission\'s results to MFW and records the posting' }, access: { permission: 'SubmissionsCompleted', screen }, answers: { 404: NOT_FOUND }, input: ById, output: z.array(PostResult) });

export const submissionPostingEndpoints = { postToMfw: postToMfw('/api/submission', 'Submissions') };
export const farmersSubmissionPostingEndpoints = { postToMfw: postToMfw('/api/farmerssample', 'FarmersSampleSubmissions') };
