import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string, string>;

export interface ReportTables {
  background_jobs: {
    id: Generated<number>;
    kind: string;
    payload: Json;
    status: Generated<'queued' | 'running' | 'done' | 'failed'>;
    progress: Generated<number>;
    /** what the running job says it is doing */
    progress_message: string | null;
    attempts: Generated<number>;
    error: string | null;
    created_by: number | null;
    created_at: Generated<Date>;
    started_at: Date | null;
    heartbeat_at: Date | null;
    finished_at: Date | null;
    /** at most one queued or running job per key (JobQueue.enqueueOnce) */
    dedupe_key: string | null;
    /** what the handler answered */
    result: ColumnType<unknown, string | null, string | null>;
  };
  carbohydrate_reports: {
    id: Generated<number>;
    created_by: number | null;
    created_at: Generated<Date>;
    options: Json;
    selection: Json;
    frozen: ColumnType<unknown, string | null, string | null>;
    job_id: number | null;
    file_key: string | null;
    file_name: string | null;
    file_size: number | null;
  };
  mfw_postings: {
    id: Generated<number>;
    report_request: Json;
    idempotency_key: string;
    attempt: number;
    status: 'success' | 'failed';
    http_status: number | null;
    response: string | null;
    error: string | null;
    mfw_farm_id: string | null;
    created_by: number | null;
    created_at: Generated<Date>;
  };
}
