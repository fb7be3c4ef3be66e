import { type Insertable, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES as M } from '@sapwood/contracts';
import * as errorKinds from '../src/features/submissions/migrations/0350_submission_error_kinds';
import * as workOrderUnique from '../src/features/submissions/migrations/0351_submission_work_order_unique';
import * as workOrderUnknown from '../src/features/submissions/migrations/0352_submission_work_order_unknown';
import * as labJobUnique from '../src/features/submissions/migrations/0356_submission_lab_job_unique';
import type { SubmissionTables } from '../src/db/tables/submissions';
import { type LabReference, seedLabReference } from '../../../tests/support/lab-fixtures';
import { type TestServer, startTestServer } from '../../../tests/support/server';

/**
 * The submissions' outside-lab migrations of ADR 0248 on a database holding rows written before them:
 * - 0350 gives each kept error the kind its writer gave it (the poll clears only a reissue's);
 * - 0351 keeps one submission per work order at each outside lab (Nvirotek's leaf and farmers' share its numbers),
 *   and on a database that somehow holds one twice stops with what to fix, changing nothing;
 * - 0352 allows the poll's second kind, `work_order_unknown` (the lab does not know the work order), and no other;
 * - 0356 keeps one submission per lab job at each outside lab (ADR 0254), as 0351 does per work order.
 */
let server: TestServer;
let ref: LabReference;
const db = () => server.built.deps.db;
const raw = () => db() as unknown as Kysely<unknown>;

beforeAll(async () => {
  server = await startTestServer({ LAB_POLL_INTERVAL_MINUTES: '0' });
  ref = await seedLabReference(db());
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Row = Partial<Insertable<SubmissionTables['submissions']>> & { lab: SubmissionTables['submissions']['lab'] };
let made = 0;
const insert = async (r: Row): Promise<number> => (await db().insertInto('submissions').values({
  kind: r.lab === 'NvirotekFarmer' ? 'soil' : 'leaf', client_name: 'C', farm_name: 'F', agent_id: ref.agentId, depot_id: ref.depotId, agronomist_id: ref.agronomistId,
  reference: `migration-${++made}`, ...r,
}).returning('id').executeTakeFirstOrThrow()).id;
const indexed = async (name = 'submissions_outside_work_order_idx') => (await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = ${name}`.execute(db())).rows[0].n === 1;

describe('0350: the kind of each error kept before', () => {
  it('gives a reissue, a held work order, a refusal and a failed send their kinds, and none to a row without an error', async () => {
    await sql`alter table submissions drop constraint submissions_error_kind_set_check, drop constraint submissions_error_kind_check, drop column error_kind`.execute(db());
    const reissued = await insert({ lab: 'Wynland', submission_work_order: 'WYN-M-1', lab_job_id: 'J1', error: M.workOrderReissued('Wynland', 'WYN-M-1', 'J2', 'J1') });
    const held = await insert({ lab: 'Nvirotek', error: M.workOrderHeld('Nvirotek', 'NV-M-9', 4), refused: true });
    const refused = await insert({ lab: 'NvirotekFarmer', error: `${M.refusedBy('Nvirotek')}. account on hold`, refused: true });
    const failed = await insert({ lab: 'Nvirotek', error: `${M.couldNotSend('Nvirotek')}. timed out` });
    const none = await insert({ lab: 'Nvirotek', submission_work_order: 'NV-M-2', lab_job_id: 'J3' });
    await errorKinds.up(raw());
    const kinds = Object.fromEntries((await db().selectFrom('submissions').select(['id', 'error_kind']).where('id', 'in', [reissued, held, refused, failed, none]).execute()).map((r) => [r.id, r.error_kind]));
    expect(kinds).toEqual({ [reissued]: 'work_order_reissued', [held]: 'work_order_held', [refused]: 'refused', [failed]: 'send_failed', [none]: null });
    // from now on an error names its kind
    await expect(db().updateTable('submissions').set({ error: 'no kind' }).where('id', '=', none).execute()).rejects.toThrow(/submissions_error_kind_set_check/);
  });
});

describe('0351: one submission per work order at each outside lab', () => {
  it('refuses a second submission of that lab holding the work order (leaf and farmers\' alike at Nvirotek); another lab may use the number', async () => {
    await insert({ lab: 'Nvirotek', submission_work_order: 'WO-U-1', lab_job_id: 'JU-1' });
    await expect(insert({ lab: 'NvirotekFarmer', submission_work_order: 'WO-U-1', lab_job_id: 'JU-2' })).rejects.toThrow(/submissions_outside_work_order_idx/);
    await expect(insert({ lab: 'Nvirotek', submission_work_order: 'WO-U-1', lab_job_id: 'JU-3' })).rejects.toThrow(/submissions_outside_work_order_idx/);
    expect(await insert({ lab: 'Wynland', submission_work_order: 'WO-U-1', lab_job_id: 'JU-4' })).toBeGreaterThan(0);
  });

  it('on a database holding a work order twice, stops naming the lab, the work order and its submissions, and changes nothing; once cleared, it runs', async () => {
    await sql`drop index submissions_outside_work_order_idx`.execute(db());
    const a = await insert({ lab: 'Nvirotek', submission_work_order: 'WO-D-1', lab_job_id: 'JD-1' });
    const b = await insert({ lab: 'NvirotekFarmer', submission_work_order: 'WO-D-1', lab_job_id: 'JD-2' });
    const c = await insert({ lab: 'Wynland', submission_work_order: 'WO-D-2', lab_job_id: 'JD-3' });
    const d = await insert({ lab: 'Wynland', submission_work_order: 'WO-D-2', lab_job_id: 'JD-4' });
    await expect(workOrderUnique.up(raw())).rejects.toThrow(`Nvirotek work order WO-D-1: submissions ${a}, ${b}; Wynland work order WO-D-2: submissions ${c}, ${d}. Keep the work order on the one submission`);
    expect(await indexed()).toBe(false);
    expect((await db().selectFrom('submissions').select('submission_work_order').where('id', 'in', [a, b, c, d]).orderBy('id').execute()).map((r) => r.submission_work_order)).toEqual(['WO-D-1', 'WO-D-1', 'WO-D-2', 'WO-D-2']);
    await db().updateTable('submissions').set({ submission_work_order: null, lab_job_id: null }).where('id', 'in', [b, d]).execute();
    await workOrderUnique.up(raw());
    expect(await indexed()).toBe(true);
  });
});

describe('0352: a work order the lab does not know is a kind of error', () => {
  it('accepts work_order_unknown, keeps the kinds kept before, and still refuses a kind it does not know', async () => {
    // made again as 0350 left it: without the new kind
    await sql`alter table submissions drop constraint submissions_error_kind_check, add constraint submissions_error_kind_check check (error_kind in ('send_failed', 'refused', 'work_order_held', 'work_order_reissued'))`.execute(db());
    const kept = await insert({ lab: 'Nvirotek', submission_work_order: 'WO-K-1', lab_job_id: 'JK-1', error: 'reissued', error_kind: 'work_order_reissued' });
    await expect(insert({ lab: 'Nvirotek', submission_work_order: 'WO-K-2', lab_job_id: 'JK-2', error: 'unknown', error_kind: 'work_order_unknown' })).rejects.toThrow(/submissions_error_kind_check/);
    await workOrderUnknown.up(raw());
    const unknown = await insert({ lab: 'Wynland', submission_work_order: 'WO-K-3', lab_job_id: 'JK-3', error: M.workOrderUnknown('Wynland', 'WO-K-3'), error_kind: 'work_order_unknown' });
    expect((await db().selectFrom('submissions').select(['id', 'error_kind']).where('id', 'in', [kept, unknown]).orderBy('id').execute()).map((r) => r.error_kind)).toEqual(['work_order_reissued', 'work_order_unknown']);
    await expect(insert({ lab: 'Wynland', submission_work_order: 'WO-K-4', lab_job_id: 'JK-4', error: 'what', error_kind: 'work_order_lost' as never })).rejects.toThrow(/submissions_error_kind_check/);
  });
});

describe('0356: one submission per lab job at each outside lab (ADR 0254)', () => {
  it("refuses a second submission of that lab holding the lab job (leaf and farmers' alike at Nvirotek); another lab, or a manual one, may use the number", async () => {
    await insert({ lab: 'Nvirotek', submission_work_order: 'WO-J-1', lab_job_id: 'JJ-1' });
    await expect(insert({ lab: 'NvirotekFarmer', submission_work_order: 'WO-J-2', lab_job_id: 'JJ-1' })).rejects.toThrow(/submissions_outside_lab_job_idx/);
    await expect(insert({ lab: 'Nvirotek', submission_work_order: null, lab_job_id: 'JJ-1' })).rejects.toThrow(/submissions_outside_lab_job_idx/);
    expect(await insert({ lab: 'Wynland', submission_work_order: 'WO-J-3', lab_job_id: 'JJ-1' })).toBeGreaterThan(0);
    expect(await insert({ lab: 'Manual', lab_job_id: 'JJ-1' })).toBeGreaterThan(0);
    expect(await insert({ lab: 'Manual', lab_job_id: 'JJ-1' })).toBeGreaterThan(0);
  });

  it('on a database holding a lab job twice, stops naming the lab, the job and its submissions, and changes nothing; once cleared, it runs', async () => {
    await sql`drop index submissions_outside_lab_job_idx`.execute(db());
    const a = await insert({ lab: 'Nvirotek', submission_work_order: 'WO-JD-1', lab_job_id: 'JJD-1' });
    const b = await insert({ lab: 'NvirotekFarmer', submission_work_order: 'WO-JD-2', lab_job_id: 'JJD-1' });
    const c = await insert({ lab: 'Wynland', submission_work_order: 'WO-JD-3', lab_job_id: 'JJD-2' });
    const d = await insert({ lab: 'Wynland', submission_work_order: null, lab_job_id: 'JJD-2' });
    await expect(labJobUnique.up(raw())).rejects.toThrow(`Nvirotek lab job JJD-1: submissions ${a}, ${b}; Wynland lab job JJD-2: submissions ${c}, ${d}. Keep the lab job on the one submission`);
    expect(await indexed('submissions_outside_lab_job_idx')).toBe(false);
    expect((await db().selectFrom('submissions').select('lab_job_id').where('id', 'in', [a, b, c, d]).orderBy('id').execute()).map((r) => r.lab_job_id)).toEqual(['JJD-1', 'JJD-1', 'JJD-2', 'JJD-2']);
    await db().updateTable('submissions').set({ submission_work_order: null, lab_job_id: null }).where('id', 'in', [b, d]).execute();
    await labJobUnique.up(raw());
    expect(await indexed('submissions_outside_lab_job_idx')).toBe(true);
  });
});
