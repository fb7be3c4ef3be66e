import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { type KeysetDeclaration, SearchedList } from '../../db/keyset';
import type { SubmissionState } from './submissions.repository';

type Kind = 'leaf' | 'soil';

const at = (ts: RawBuilder<unknown>) => sql`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of a lab submission row (spec §3), its crops and its history read with it. */
const columns = [
  { as: 'id', value: sql`s.id` },
  { as: 'submitted', value: sql`s.submitted_at`, time: true },
  { as: 'clientName', value: sql`s.client_name` },
  { as: 'farmName', value: sql`s.farm_name` },
  { as: 'samples', value: sql`s.sample_count` },
  { as: 'crop', value: sql`(select coalesce(json_agg(cr.name order by cr.name), '[]') from crops cr where cr.id = any(s.crop_ids))` },
  { as: 'completed', value: sql`s.completed_at`, time: true },
  { as: 'submittedBy', value: sql`coalesce((select u.name from users u where u.id = s.prepared_by), '')` },
  { as: 'lab', value: sql`s.lab` },
  { as: 'submissionWorkOrder', value: sql`s.submission_work_order` },
  { as: 'labJobId', value: sql`s.lab_job_id` },
  { as: 'labWorkOrder', value: sql`s.lab_work_order` },
  { as: 'error', value: sql`s.error` },
  { as: 'refused', value: sql`s.refused` },
  // returned samples that match no row (ADR 0097): one probe of submission_unmatched's unique index per row
  { as: 'unmatched', value: sql`(select coalesce(json_agg(u.sample_number order by u.id), '[]') from submission_unmatched u where u.submission_id = s.id)` },
  { as: 'rowVersion', value: sql`s.row_version` },
  { as: 'state', value: sql`s.state` },
  {
    // a sample's capture was taken with a location: from the capture app (mapped), or read again with its photo
    as: 'hasLocation',
    // (one probe of the captures' partial index captures_located_idx, whose predicate this is)
    value: sql`exists (select 1 from captures c where c.submission_id = s.id
      and ((c.latitude is not null and c.longitude is not null) or jsonb_typeof(c.mapped -> 'location') = 'object'))`,
  },
  { as: 'postedToMfwDate', value: sql`s.posted_to_mfw_at`, time: true },
  {
    as: 'history',
    value: sql`(select coalesce(json_agg(json_build_object('at', ${at(sql`e.at`)}, 'by', u.name, 'from', e.from_state, 'to', e.to_state, 'reason', e.reason) order by e.id), '[]')
      from submission_events e left join users u on u.id = e.user_id where e.submission_id = s.id)`,
  },
];

function declaration(kind: Kind, state: SubmissionState): KeysetDeclaration<object> {
  return {
    table: 'submissions',
    alias: 's',
    id: 'id',
    where: sql`s.kind = ${sql.lit(kind)} and s.state = ${sql.lit(state)}`,
    filters: {},
    search: ['client_key', 'farm_key'],
    sorts: {
      submitted: { column: 'submitted_at', kind: 'time' },
      clientName: { column: 'client_key', kind: 'text' },
    },
    defaultSort: { column: 'id', kind: 'int', desc: true },
    rows: { page: { columns }, bulk: { columns } },
  };
}

/** The submission tabs of a kind, each list made once (its statements and planner estimates kept). */
export class SubmissionListsRepository {
  private readonly lists = new Map<string, SearchedList>();

  constructor(private readonly db: Db) {}

  state(kind: Kind, state: SubmissionState): SearchedList {
    const name = `${kind}:${state}`;
    let list = this.lists.get(name);
    if (!list) {
      list = new SearchedList(this.db, declaration(kind, state));
      this.lists.set(name, list);
    }
    return list;
  }
}
