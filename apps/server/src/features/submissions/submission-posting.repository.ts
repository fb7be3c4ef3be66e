import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { ownResults } from './own-results.repository';
import type { SubmissionState } from './submissions.repository';

type Kind = 'leaf' | 'soil';

/** What a post to MFW needs of the submission itself. */
export interface PostingHeader {
  id: number;
  state: SubmissionState;
  lab: string;
  clientName: string;
  farmName: string;
  dateSampled: string | null;
  completedAt: Date | null;
  postedAt: Date | null;
  hasLocation: boolean;
}

/** A sample of the submission with its crop's name and its stored result (nulls: none stored). */
export interface PostingSample {
  sampleNumber: string;
  blockNumber: string;
  crop: string | null;
  labNumber: string | null;
  na: boolean | null;
  values: Record<string, number> | null;
  /** an outside lab's value out of its bounds: value code → what is wrong (ADR 0100) */
  flags: Record<string, string> | null;
}

export interface PostingAttempt {
  submissionId: number;
  attempt: number;
  status: 'success' | 'failed';
  httpStatus: number | null;
  response: string | null;
  error: string | null;
  key: string;
  userId: number | null;
}

/**
 * SQL of posting submissions to the farm-management system (issue 15): the submission and its samples' results
 * (its own lab order's, through `ownResults`), the log of attempts and the posted date.
 */
export class SubmissionPostingRepository {
  header(db: Db, kind: Kind, id: number): Promise<PostingHeader | undefined> {
    return db.selectFrom('submissions as s')
      .where('s.id', '=', id).where('s.kind', '=', kind)
      .select([
        's.id', 's.state', 's.lab', 's.client_name as clientName', 's.farm_name as farmName', 's.date_sampled as dateSampled',
        's.completed_at as completedAt', 's.posted_to_mfw_at as postedAt',
        // the predicate of the Completed tab's hasLocation (the captures' partial index captures_located_idx)
        sql<boolean>`exists (select 1 from captures c where c.submission_id = s.id
          and ((c.latitude is not null and c.longitude is not null) or jsonb_typeof(c.mapped -> 'location') = 'object'))`.as('hasLocation'),
      ])
      .executeTakeFirst();
  }

  /** Every sample of the submission in group and position order, with its own result (its lab order's). */
  samples(db: Db, submissionId: number): Promise<PostingSample[]> {
    return db.selectFrom('submission_samples as s')
      .leftJoin(ownResults(db).as('r'), 'r.sample_id', 's.id')
      .leftJoin('crops as c', 'c.id', 's.crop_id')
      .where('s.submission_id', '=', submissionId)
      .select(['s.sample_number as sampleNumber', 's.block_number as blockNumber', 'c.name as crop', 'r.lab_number as labNumber', 'r.na', 'r.values', 'r.flags'])
      .orderBy('s.group_no').orderBy('s.position').orderBy('s.id').execute();
  }

  /** How many attempts were logged for the submission (the next attempt numbers on from it). */
  async attempts(db: Db, submissionId: number): Promise<number> {
    const r = await db.selectFrom('submission_posts').select((eb) => eb.fn.countAll<string>().as('n')).where('submission_id', '=', submissionId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async logAttempt(db: Db, a: PostingAttempt): Promise<void> {
    await db.insertInto('submission_posts').values({
      submission_id: a.submissionId, attempt: a.attempt, status: a.status, http_status: a.httpStatus, response: a.response, error: a.error,
      idempotency_key: a.key, user_id: a.userId,
    }).execute();
  }

  /** Stamps the submission posted now; answers the date it had before. */
  async markPosted(trx: Db, id: number): Promise<{ before: Date | null; after: Date }> {
    const before = await trx.selectFrom('submissions').select('posted_to_mfw_at').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    const after = await trx.updateTable('submissions').set({ posted_to_mfw_at: sql<Date>`now()`, row_version: sql`row_version + 1` })
      .where('id', '=', id).returning('posted_to_mfw_at').executeTakeFirstOrThrow();
    return { before: before.posted_to_mfw_at, after: after.posted_to_mfw_at! };
  }
}
