import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  LEAF_MESSAGES, type PrepareData, SUBMISSION_MESSAGES as M, farmersSampleEndpoints as farmersEntries, farmersSubmissionEndpoints as farmersEp, leafsEndpoints as leafs,
  submissionEndpoints as ep,
} from '@sapwood/contracts';
import type { ApiClient } from '../../../tests/support/api-client';
import { onServerPass } from '../../../tests/support/passes';
import { createUser, signedIn } from '../../../tests/support/users';
import { fieldsOf, withWorld } from './submission-results.fixtures';

/**
 * A capture's lab and its submission's (ADR 0251): a Prepare group holds the captures of a day, client and farm
 * whatever their labs, and the submission has one lab. A row whose capture shows another outside lab is refused at
 * its sample number (never sent there without a word); each submitted capture then shows the lab its submission
 * went to, and that lab can no longer be changed on the leaf screen.
 */
const world = withWorld();
const db = () => world.w.server.built.deps.db;
const staff = () => world.w.staff;

/** Not Completed captures of the kind with a sample number, the first n (pecan leafs: a crop both labs know). */
async function fresh(kind: 'leaf' | 'soil', n: number) {
  const crop = await db().selectFrom('crops').select('id').where('labmin_crop_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  return db().selectFrom('captures').select(['id', 'sample_number as sampleNumber', 'lab']).where('kind', '=', kind).where('status', '=', 'NotCompleted')
    .where('refused_reason', 'is', null).where('sample_number', '!=', '').$if(kind === 'leaf', (q) => q.where('crop_id', '=', crop.id)).orderBy('id').limit(n).execute();
}
const setLab = (kind: 'leaf' | 'soil', ids: number[], lab: string) => db().updateTable('captures').set({ lab }).where('id', 'in', ids).where('kind', '=', kind).execute();

/** The draft Prepare fills in for the entries, every row made valid (and those named deleted). */
async function prepared(kind: 'leaf' | 'soil', ids: number[], lab?: string, deleted: number[] = []) {
  const r = await staff().call(kind === 'leaf' ? ep.prepare : farmersEp.prepare, { testDataIds: ids });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const data = r.body as PrepareData;
  const refs = async (table: 'agents' | 'agronomists' | 'depots') => (await db().selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const cultivar = await db().selectFrom('cultivars').select(['id', 'crop_id']).orderBy('id').executeTakeFirstOrThrow();
  const samples = [data.samples.map((s) => ({
    ...s, blockNumber: 'B1', delete: deleted.includes(s.testDataId),
    ...(kind === 'leaf' ? { cropId: cultivar.crop_id, cultivars: [cultivar.id], growthStage: 'Flowering' } : { test: 'PBrayIWater' }),
  }))];
  return {
    prefilled: data.data.lab, captureLabs: [...data.captureLabs].sort((x, y) => x.testDataId - y.testDataId),
    draft: { ...data.data, agentId: await refs('agents'), agronomistId: await refs('agronomists'), depotId: await refs('depots'), languageId: 0, lab: lab ?? data.data.lab, samples },
  };
}
const submit = (kind: 'leaf' | 'soil', draft: Record<string, unknown>) => staff().call(kind === 'leaf' ? ep.submit : farmersEp.submit, draft);
let reader: ApiClient | undefined;
/** Each capture's lab as its Completed list shows it (the /leafs or farmers' entries screen), by sample number. */
async function completedLabs(kind: 'leaf' | 'soil', sampleNumbers: string[]) {
  reader ??= await signedIn(world.w.server.url, await createUser(db(), ['Leafs', 'FarmersSampleEntries']));
  const r = await reader.call(kind === 'leaf' ? leafs.completed : farmersEntries.completed, { page: 1, rowsPerPage: 100, search: '', sortBy: '', ascending: true, all: true });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const rows = (r.body as { rows: { sampleNumber: string; lab: string }[] }).rows;
  return Object.fromEntries(sampleNumbers.map((n) => [n, rows.find((x) => x.sampleNumber === n)?.lab]));
}
const submissionLab = async (id: number) => (await db().selectFrom('submissions').select('lab').where('id', '=', id).executeTakeFirstOrThrow()).lab;

/** A Manual submission (typed in by hand) of two fresh leaf captures: `a` shown as Wynland's, `b` as no lab's. */
async function manualOfWynlandAndLabless() {
  const [a, b] = await fresh('leaf', 2);
  await setLab('leaf', [a.id], 'Wynland');
  await setLab('leaf', [b.id], '');
  const manual = await submit('leaf', (await prepared('leaf', [a.id, b.id], 'Manual')).draft);
  expect(manual.status, JSON.stringify(manual.body)).toBe(200);
  return { a, b, manual };
}

describe('a capture goes only to the lab it shows', () => {
  it('refuses a leaf row of another outside lab at its sample number, sends the rest, then the refused one to its own lab', async () => {
    const [a, b, c] = await fresh('leaf', 3);
    await setLab('leaf', [a.id, c.id], 'Nvirotek');
    // the lab user sets one sample's lab on /leafs
    expect((await staff().call(leafs.updateLab, { testLeafDataId: b.id, lab: 'Wynland' })).status).toBe(200);
    const { prefilled, captureLabs, draft } = await prepared('leaf', [a.id, b.id, c.id]);
    expect(prefilled).toBe('Nvirotek');
    // Prepare answers the lab each row's capture shows, for the dialog to show and check (the same rule, captureLabProblems)
    expect(captureLabs).toEqual([{ testDataId: a.id, lab: 'Nvirotek' }, { testDataId: b.id, lab: 'Wynland' }, { testDataId: c.id, lab: 'Nvirotek' }]);
    const refused = await submit('leaf', draft);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    const at = draft.samples[0].findIndex((s) => s.testDataId === b.id);
    expect(fieldsOf(refused.body)).toEqual({ [`samples.0.${at}.sampleNumber`]: M.sampleOfOtherLab('Wynland', 'Nvirotek') });
    expect(await db().selectFrom('submissions').select('id').execute()).toEqual([]);

    // the Wynland sample marked deleted: the others go to Nvirotek, it waits for its own submission
    const sent = await submit('leaf', (await prepared('leaf', [a.id, b.id, c.id], 'Nvirotek', [b.id])).draft);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const own = await submit('leaf', (await prepared('leaf', [b.id])).draft);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect([await submissionLab((sent.body as { id: number }).id), await submissionLab((own.body as { id: number }).id)]).toEqual(['Nvirotek', 'Wynland']);
    expect(await completedLabs('leaf', [a.sampleNumber, b.sampleNumber, c.sampleNumber])).toEqual({ [a.sampleNumber]: 'Nvirotek', [b.sampleNumber]: 'Wynland', [c.sampleNumber]: 'Nvirotek' });

    // a submitted capture shows its submission's lab: it is not changed on /leafs
    const change = await staff().call(leafs.updateLab, { testLeafDataId: b.id, lab: 'Nvirotek' });
    expect(change.status).toBe(409);
    expect((change.body as { message: string }).message).toBe(LEAF_MESSAGES.labOfSubmitted);
    expect(await completedLabs('leaf', [b.sampleNumber])).toEqual({ [b.sampleNumber]: 'Wynland' });
  });

  it('takes any capture into a submission typed in by hand, which its capture then shows (and one without a lab shows where it went)', async () => {
    const { a, b } = await manualOfWynlandAndLabless();
    expect(await completedLabs('leaf', [a.sampleNumber, b.sampleNumber])).toEqual({ [a.sampleNumber]: 'Manual', [b.sampleNumber]: 'Manual' });
    const [c] = await fresh('leaf', 1);
    await setLab('leaf', [c.id], '');
    expect((await submit('leaf', (await prepared('leaf', [c.id], 'Wynland')).draft)).status).toBe(200);
    expect(await completedLabs('leaf', [c.sampleNumber])).toEqual({ [c.sampleNumber]: 'Wynland' });
  });

  // a second connection holds the capture while the submit waits for it: PostgreSQL server only (PGlite has one connection)
  it.skipIf(!onServerPass)('refuses the whole submit (409, nothing written) when a capture is set to another lab between its check and its lock', async () => {
    const [a, b] = await fresh('leaf', 2);
    await setLab('leaf', [a.id, b.id], 'Nvirotek');
    const { draft } = await prepared('leaf', [a.id, b.id], 'Nvirotek');
    const before = await db().selectFrom('submissions').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // the lock is let go when the transaction commits: its answer is awaited after (wrapped, so the commit does not wait for it)
    const { submitting } = await db().transaction().execute(async (trx) => {
      await trx.selectFrom('captures').select('id').where('id', '=', a.id).forUpdate().execute();
      const submitting = submit('leaf', draft);
      // the submit has checked the labs and waits for the capture's lock
      await expect.poll(async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(db())).rows[0].n, { timeout: 10_000 }).toBeGreaterThan(0);
      await trx.updateTable('captures').set({ lab: 'Wynland' }).where('id', '=', a.id).execute();
      return { submitting };
    });
    const answer = await submitting;
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body).toMatchObject({ message: M.entryGone });
    expect(await db().selectFrom('submissions').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    const left = await db().selectFrom('captures').select(['id', 'lab', 'status', 'submission_id']).where('id', 'in', [a.id, b.id]).orderBy('id').execute();
    expect(left).toEqual([{ id: a.id, lab: 'Wynland', status: 'NotCompleted', submission_id: null }, { id: b.id, lab: 'Nvirotek', status: 'NotCompleted', submission_id: null }]
      .sort((x, y) => x.id - y.id));
  });

  it("gives a deleted submission's captures back with the labs they showed before it, so each can go to its own lab again", async () => {
    const { a, b, manual } = await manualOfWynlandAndLabless();
    const id = (manual.body as { id: number }).id;
    expect((await staff().call(ep.delete, { id })).body).toBe(true);
    const labs = await db().selectFrom('captures').select(['id', 'lab', 'status']).where('id', 'in', [a.id, b.id]).orderBy('id').execute();
    expect(labs).toEqual([{ id: a.id, lab: 'Wynland', status: 'NotCompleted' }, { id: b.id, lab: '', status: 'NotCompleted' }].sort((x, y) => x.id - y.id));
    // the audit says the lab came back with the release
    const released = await db().selectFrom('audit_log').select(['old_values', 'new_values']).where('entity', '=', 'capture').where('entity_id', '=', String(a.id))
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(released).toMatchObject({ old_values: { status: 'Completed', lab: 'Manual' }, new_values: { status: 'NotCompleted', lab: 'Wynland' } });
    // the Wynland sample goes to Wynland now (it came back as Manual before, which no Wynland submission takes)
    const own = await submit('leaf', (await prepared('leaf', [a.id], 'Wynland')).draft);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it("refuses a farmers' Wynland sample in a Nvirotek submission; typed in by hand it is taken, and each shows its submission's lab", async () => {
    const [a, b] = await fresh('soil', 2);
    await setLab('soil', [a.id], 'Nvirotek');
    await setLab('soil', [b.id], 'Wynland');
    const { prefilled, draft } = await prepared('soil', [a.id, b.id]);
    expect(prefilled).toBe('NvirotekFarmer');
    const refused = await submit('soil', draft);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    const at = draft.samples[0].findIndex((s) => s.testDataId === b.id);
    expect(fieldsOf(refused.body)).toEqual({ [`samples.0.${at}.sampleNumber`]: M.sampleOfOtherLab('Wynland', 'Nvirotek') });
    expect((await submit('soil', (await prepared('soil', [a.id, b.id], 'NvirotekFarmer', [b.id])).draft)).status).toBe(200);
    expect((await submit('soil', (await prepared('soil', [b.id])).draft)).status).toBe(200);
    expect(await completedLabs('soil', [a.sampleNumber, b.sampleNumber])).toEqual({ [a.sampleNumber]: 'Nvirotek', [b.sampleNumber]: 'Manual' });
  });
});
