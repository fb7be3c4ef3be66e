import type { ColumnType, Generated } from 'kysely';

/** Submissions of leaf and soil samples to a lab (migration 0190, feature submissions). */
export interface SubmissionTables {
  submissions: {
    id: Generated<number>;
    kind: 'leaf' | 'soil';
    lab: 'Manual' | 'Nvirotek' | 'Wynland' | 'ManualFarmer' | 'NvirotekFarmer';
    state: Generated<'Waiting' | 'Results' | 'Completed' | 'Archived'>;
    client_name: string;
    farm_name: string;
    agent_id: number;
    depot_id: number;
    agronomist_id: number;
    language_id: number | null;
    /** dates as YYYY-MM-DD text (the pg driver is told to keep date columns as text) */
    date_sent: ColumnType<string | null, string | null, string | null>;
    date_sampled: ColumnType<string | null, string | null, string | null>;
    area: Generated<string>;
    sent_by: Generated<string>;
    waybill: Generated<string>;
    reference: string;
    submission_work_order: string | null;
    lab_job_id: string | null;
    lab_work_order: string | null;
    error: string | null;
    /** the lab refused the order (4xx): the error stays, it is not sent again */
    refused: Generated<boolean>;
    prepared_by: number | null;
    submitted_at: Generated<Date>;
    completed_at: Date | null;
    demo: Generated<boolean>;
    row_version: Generated<number>;
    client_key: Generated<string>;
    farm_key: Generated<string>;
    /** migration 0191: the state an archived submission left, and when it was posted to the farm-management system */
    archived_from: 'Results' | 'Completed' | null;
    posted_to_mfw_at: Date | null;
    /** migration 0193: how many samples it has and the crops among them (kept: samples do not change once submitted) */
    sample_count: Generated<number>;
    crop_ids: Generated<number[]>;
    /** migrations 0350, 0352: what wrote `error` (null exactly when it is null; ADR 0248) */
    error_kind: 'send_failed' | 'refused' | 'work_order_held' | 'work_order_reissued' | 'work_order_unknown' | null;
  };
  submission_samples: {
    id: Generated<number>;
    submission_id: number;
    group_no: number;
    position: number;
    capture_id: number | null;
    sample_number: string;
    block_number: string;
    crop_id: number | null;
    cultivar_ids: ColumnType<number[], number[] | string, number[] | string>;
    growth_stage: Generated<string>;
    organ_type: Generated<string>;
    test: string;
    optional_tests: ColumnType<string[], string[] | string, string[] | string>;
    notes: Generated<string>;
  };
  submission_events: {
    id: Generated<number>;
    submission_id: number;
    at: Generated<Date>;
    user_id: number | null;
    from_state: string | null;
    to_state: string;
    reason: Generated<string>;
  };
  /** migration 0192: documents uploaded to a submission (ADR 0089) */
  submission_files: {
    id: Generated<number>;
    submission_id: number;
    name: string;
    storage_key: string;
    content_type: string;
    size: number;
    uploaded_by: number | null;
    uploaded_at: Generated<Date>;
    /** migration 0243: sha-256 of the bytes (null for documents kept before) */
    content_hash: string | null;
  };
  /** migration 0195: every attempt to post a submission to the farm-management system (issue 15) */
  submission_posts: {
    id: Generated<number>;
    submission_id: number;
    attempt: number;
    status: 'success' | 'failed';
    http_status: number | null;
    response: string | null;
    error: string | null;
    idempotency_key: string;
    user_id: number | null;
    at: Generated<Date>;
  };
  /** migration 0200: samples an outside lab returned that match no row of the submission (issue 31, ADR 0097) */
  submission_unmatched: {
    id: Generated<number>;
    submission_id: number;
    lab: 'Nvirotek' | 'Wynland';
    sample_number: string;
    lab_number: Generated<string>;
    na: Generated<boolean>;
    values: ColumnType<Record<string, number>, string, string>;
    reason: string;
    first_received_at: Generated<Date>;
    received_at: Generated<Date>;
  };
}
