import type { Browser, Page, Request, Response } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cropsEndpoints } from '@sapwood/contracts';
import { isMarkedInvalid, launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { seedCarbohydrateReference, seedLabJob } from '../tests/support/carbohydrate-fixtures';
import { expectMenuAndApiGated } from '../tests/support/gating';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

/** Resolves once the list read that follows the next answer of `savePath` (the save's invalidation) is answered. */
function listReadAfterSave(page: Page, savePath: string, listPath: string): Promise<void> {
  return new Promise((resolve) => {
    let saved = false;
    const onResponse = (r: Response) => {
      if (new URL(r.url()).pathname === savePath) saved = true;
    };
    const onRequest = (q: Request) => {
      if (!saved || new URL(q.url()).pathname !== listPath) return;
      page.off('response', onResponse);
      page.off('request', onRequest);
      void q.response().then((r) => r?.finished()).then(() => resolve(), () => resolve());
    };
    page.on('response', onResponse);
    page.on('request', onRequest);
  });
}

/** /crops in Chromium: a crop's graph set with a bad range then fixed, lab crops assigned, a cultivar added with norms; gating. */
let server: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let cropId: number;
let other: Awaited<ReturnType<typeof seedCarbohydrateReference>>;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  cropId = (await seedCarbohydrateReference(db)).crop.id;
  other = await seedCarbohydrateReference(db, ' 2');
  await seedLabJob(db, other, { samples: [{ sampleNumber: 'P2-1', sugar: 4 }] });
  await db.insertInto('lab_crops').values([
    { provider: 'Nvirotek', external_id: 'NV-1', name: 'Pecan nuts', short_code: 'PEC', lab: 'Nvirotek' },
    { provider: 'Wynland', external_id: 'W-1', name: 'Pecans', short_code: 'PCN', lab: 'Wynland' },
  ]).execute();
  browser = await launchBrowser();
  page = await browser.newPage();
  errors = watchPageErrors(page);
  await signIn(page, server.url, await createUser(db, ['Crop']), '/crops');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const norms = (owner: { cultivar?: number }) =>
  server.built.deps.db.selectFrom('leaf_norms').selectAll().where('crop_id', '=', cropId)
    .where('cultivar_id', owner.cultivar ? '=' : 'is', owner.cultivar ?? null).where('growth_stage_id', 'is', null).executeTakeFirst();

describe('/crops', () => {
  it("refuses a graph set's range out of order, naming the element at its field; fixed, it saves with provenance", async () => {
    await page.getByTestId(`crop-edit-${cropId}`).click();
    const dialog = page.getByRole('dialog', { name: 'Crop Data' });
    await dialog.waitFor();
    await page.getByLabel('Macro selected').check();
    await page.getByTestId('crop-graphs-n-min').fill('2.5');
    await page.getByTestId('crop-graphs-n-med').fill('2.2');
    await page.getByTestId('crop-graphs-n-max').fill('2.8');
    await page.getByTestId('crop-graphs-source').fill('Lab trials 2024');
    await page.getByTestId('crop-save').click();
    await dialog.getByText('N: Med must not be below Min').waitFor();
    expect(await isMarkedInvalid(page.getByTestId('crop-graphs-n-med'))).toBe(true);
    expect(await norms({})).toBeUndefined();

    await page.getByTestId('crop-graphs-n-med').fill('2.6');
    await page.getByTestId('crop-linked-names').fill('Pekan');
    await page.keyboard.press('Enter');
    await page.getByTestId('crop-save').click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await norms({});
    expect(saved).toMatchObject({ source: 'Lab trials 2024', graphs: { macroGraph: { selected: true, n: { min: 2.5, med: 2.6, max: 2.8 } }, microGraph: null } });
    await page.getByTestId('crops-table').getByText('Pekan').waitFor();
  });

  it('refuses text that is not a number in a norm field, at the field: nothing is saved and "Crop saved" is not said (issue 31)', async () => {
    const before = await norms({});
    // the snack of the save before has gone
    await expect.poll(() => page.getByText('Crop saved').count(), { timeout: 15_000 }).toBe(0);
    await page.getByTestId(`crop-edit-${cropId}`).click();
    const dialog = page.getByRole('dialog', { name: 'Crop Data' });
    await dialog.waitFor();
    await page.getByTestId('crop-graphs-n-max').fill('abc');
    await page.getByTestId('crop-save').click();
    await dialog.getByText('Must be a number').waitFor();
    expect(await page.getByTestId('crop-graphs-n-max').inputValue()).toBe('abc');
    expect(await isMarkedInvalid(page.getByTestId('crop-graphs-n-max'))).toBe(true);
    expect(await page.getByText('Crop saved').count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    expect((await norms({}))?.row_version).toBe(before?.row_version);
    await page.getByTestId('crop-graphs-n-max').fill('2.8');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('asks once before saving norm values outside their usual range, and states the units of DRIS norms, a CV a percent (issue 31)', async () => {
    await server.built.deps.db.insertInto('formula_graphs').values({ name: 'Micro DRIS', alternate_function: false, formula: JSON.stringify({ relationships: [], values: [] }) }).execute();
    await page.getByTestId(`crop-edit-${cropId}`).click();
    const dialog = page.getByRole('dialog', { name: 'Crop Data' });
    await dialog.waitFor();
    // an impossible norm value is refused at its field
    await page.getByTestId('crop-graphs-n-max').fill('150');
    await page.getByTestId('crop-save').click();
    await dialog.getByText('Must be at most 100 %').waitFor();
    // an unusual one is asked; No leaves it refused at its field
    await page.getByTestId('crop-graphs-n-max').fill('9');
    await page.getByTestId('crop-save').click();
    const ask = page.getByTestId('confirm-dialog');
    await ask.getByText('1 value is outside the usual range: N Max 9 % (usual 0.5–7 %). Save anyway?').waitFor();
    await ask.getByRole('button', { name: 'No' }).click();
    await dialog.getByText('Outside the usual range 0.5–7 %: confirm to save it').waitFor();
    // a DRIS graph published with N in g/kg; its CV given as a fraction is refused at the field
    await dialog.getByRole('tab', { name: /DRIS norms/ }).click();
    await page.getByTestId('dris-add-graph').click();
    await dialog.getByLabel('DRIS graph 1', { exact: true }).click();
    await page.getByRole('option', { name: 'Micro DRIS' }).click();
    await page.getByTestId('dris-units-0-macro').click();
    await page.getByRole('option', { name: 'g/kg', exact: true }).click();
    await dialog.getByRole('button', { name: 'Norm', exact: true }).click();
    await dialog.getByLabel('Norm 1 expression').fill('N/Zn');
    await page.getByTestId('dris-0-0-mean').fill('1');
    await page.getByTestId('dris-0-0-cv').fill('0.15');
    await page.getByTestId('crop-save').click();
    await ask.getByText(/^1 value is outside the usual range: N Max 9 %/).waitFor();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await dialog.getByText('A CV is a percent: under 1 looks like a fraction (write 15 for 15 %, not 0.15)').waitFor();
    await page.getByTestId('dris-0-0-cv').fill('15');
    await page.getByTestId('crop-save').click();
    await ask.getByText(/^1 value is outside the usual range: N Max 9 %/).waitFor();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await norms({}))?.graphs.macroGraph?.n).toMatchObject({ max: 9 });
    const dris = await server.built.deps.db.selectFrom('crop_dris_graphs').selectAll().where('crop_id', '=', cropId).executeTakeFirstOrThrow();
    expect(dris).toMatchObject({ graph_name: 'Micro DRIS', macro_unit: 'g/kg', micro_unit: 'mg/kg', rows: [{ expression: 'N/Zn', mean: 1, cv: 15 }] });
    // saved again, the values confirmed before are not asked again
    await page.getByTestId(`crop-edit-${cropId}`).click();
    await dialog.waitFor();
    await page.getByTestId('crop-graphs-source').fill('Lab trials 2025');
    await page.getByTestId('crop-save').click();
    await dialog.waitFor({ state: 'detached' });
    // never asked: the confirm's frame is empty
    await expect.poll(() => ask.textContent()).toBe('');
    expect(await norms({})).toMatchObject({ source: 'Lab trials 2025', graphs: { macroGraph: { n: { max: 9 } } } });
    expect(errors).toEqual([]);
  });

  it('uploads a crop image: the placeholder until then, the stored low-resolution image after', async () => {
    await page.getByTestId(`crop-edit-${cropId}`).click();
    const dialog = page.getByRole('dialog', { name: 'Crop Data' });
    await expect.poll(() => page.getByTestId('crop-image').getAttribute('src')).toBe('/noimage.jpg');
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8fbc8f' } }).png().toBuffer();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'pecan.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('crop-save').click();
    await dialog.waitFor({ state: 'detached' });
    const { image_path } = await server.built.deps.db.selectFrom('crops').select('image_path').where('id', '=', cropId).executeTakeFirstOrThrow();
    expect(image_path).toMatch(/^[a-f0-9]{16}-[a-f0-9]{16}$/);
    await page.getByTestId(`crop-edit-${cropId}`).click();
    await expect.poll(() => page.getByTestId('crop-image').getAttribute('src')).toBe(`/upload/crops/${image_path}-low.png`);
    await expect.poll(() => page.getByTestId('crop-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('assigns a Nvirotek and a Wynland crop from their pick lists', async () => {
    await page.getByTestId(`labminCropId-${cropId}`).click();
    await page.getByRole('option', { name: 'Pecan nuts (PEC)' }).click();
    await expect.poll(async () => (await server.built.deps.db.selectFrom('crops').select('labmin_crop_id').where('id', '=', cropId).executeTakeFirstOrThrow()).labmin_crop_id).not.toBeNull();
    await page.getByTestId(`wynlandCropId-${cropId}`).click();
    const reread = listReadAfterSave(page, '/api/crop/assignlab', '/api/crop/paged');
    await page.getByRole('option', { name: 'Pecans (PCN)' }).click();
    await expect.poll(async () => (await server.built.deps.db.selectFrom('crops').select('wynland_crop_id').where('id', '=', cropId).executeTakeFirstOrThrow()).wynland_crop_id).not.toBeNull();
    // the list read again after that pick is answered before someone else changes the crop below (else, on a slow
    // machine, that read can bring the newer version, and the screen rightly shows it)
    await reread;
    await expect.poll(() => page.getByTestId(`labminCropId-${cropId}`).inputValue()).toBe('Pecan nuts (PEC)');
    // the second pick kept the first: both links are stored
    const links = () => server.built.deps.db.selectFrom('crops').select(['labmin_crop_id', 'wynland_crop_id', 'row_version']).where('id', '=', cropId).executeTakeFirstOrThrow();
    expect(Object.values(await links()).every((v) => v !== null)).toBe(true);
    // someone else changes the crop meanwhile: a pick over the version shown is refused in words, nothing changes
    const before = await links();
    await server.built.deps.db.updateTable('crops').set({ row_version: before.row_version + 1 }).where('id', '=', cropId).execute();
    await page.getByTestId(`wynlandCropId-${cropId}`).click();
    await page.getByRole('option', { name: 'Pecans (PCN)' }).click();
    await page.getByText('This crop was changed by someone else. Reload and try again.').first().waitFor();
    expect((await links()).wynland_crop_id).toBe(before.wynland_crop_id);
  });

  it('adds a cultivar with its own graph set in the Cultivar Data dialog', async () => {
    await page.getByRole('button', { name: 'Cultivars of Pecan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Cultivar Data/ });
    await dialog.waitFor();
    await page.getByTestId('cultivar-add').click();
    await page.getByTestId('cultivar-name').fill('Barton');
    await page.getByLabel('Micro selected').check();
    await page.getByTestId('cultivars-graphs-zn-min').fill('25');
    await page.getByTestId('cultivars-graphs-zn-max').fill('60');
    await page.getByTestId('cultivars-save').click();
    await dialog.waitFor({ state: 'detached' });
    const barton = await server.built.deps.db.selectFrom('cultivars').select('id').where('name', '=', 'Barton').executeTakeFirstOrThrow();
    expect(await norms({ cultivar: barton.id })).toMatchObject({ graphs: { microGraph: { selected: true, zn: { min: 25, med: null, max: 60 } } } });
    expect(errors).toEqual([]);
  });

  it('clones a cultivar with its norms', async () => {
    await page.getByRole('button', { name: 'Cultivars of Pecan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Cultivar Data/ });
    await dialog.getByText('Barton', { exact: true }).click();
    await page.getByTestId('cultivar-clone').click();
    await dialog.waitFor({ state: 'detached' });
    const copy = await server.built.deps.db.selectFrom('cultivars').select('id').where('name', '=', 'Barton (copy)').executeTakeFirstOrThrow();
    expect(await norms({ cultivar: copy.id })).toMatchObject({ graphs: { microGraph: { selected: true, zn: { min: 25, max: 60 } } } });
  });

  it('deletes a crop by linking it to another: its entries move, and it leaves the list', async () => {
    await page.getByRole('button', { name: 'Delete Pecan 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Pecan 2' });
    await page.getByTestId('crop-delete-confirm').click();
    await dialog.getByText('Choose a crop to link to').waitFor();
    await page.getByTestId('crop-link-select').click();
    await page.getByRole('option', { name: 'Pecan', exact: true }).click();
    await page.getByTestId('crop-delete-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('crops-table').getByRole('cell', { name: 'Pecan 2', exact: true }).count()).toBe(0);
    const entry = await server.built.deps.db.selectFrom('lab_job_entries').select('crop_id').where('sample_number', '=', 'P2-1').executeTakeFirstOrThrow();
    expect(entry.crop_id).toBe(cropId);
  });

  it('Clone Pecan, then delete the copy linking to Pecan: Pecan lists each cultivar and growth stage once (issue 31)', async () => {
    const listed = async (what: 'Cultivars' | 'Growth stages') => {
      await page.getByRole('button', { name: `${what} of Pecan`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: what === 'Cultivars' ? 'Cultivar Data: Pecan' : 'Growth Stages: Pecan' });
      const items = dialog.locator(`[data-testid^="${what === 'Cultivars' ? 'cultivars' : 'stages'}-item-"]`);
      await items.first().waitFor();
      const names = await items.allTextContents();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      return names;
    };
    const cultivars = await listed('Cultivars');
    const stages = await listed('Growth stages');
    expect(cultivars).toEqual(expect.arrayContaining(['Barton', 'Choctaw', 'Wichita']));
    expect(stages).toEqual(['Dormancy', 'Bud break', 'Harvest']);
    // Clone asks first (the app's confirm): No copies nothing, Yes copies; a second copy is 'Pecan (copy 2)', not a second '(copy)'
    const copies = () => page.getByTestId('crops-table').getByRole('cell', { name: /^Pecan \(copy( \d+)?\)$/ }).allTextContents();
    const confirm = page.getByTestId('confirm-dialog');
    await page.getByRole('button', { name: 'Clone Pecan', exact: true }).click();
    await confirm.getByText('Clone Pecan with its cultivars, growth stages and norms?').waitFor();
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await copies()).toEqual([]);
    for (const name of ['Pecan (copy)', 'Pecan (copy 2)']) {
      await page.getByRole('button', { name: 'Clone Pecan', exact: true }).click();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await page.getByTestId('crops-table').getByRole('cell', { name, exact: true }).waitFor();
    }
    expect((await copies()).sort()).toEqual(['Pecan (copy 2)', 'Pecan (copy)']);
    await page.getByRole('button', { name: 'Delete Pecan (copy)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Pecan (copy)' });
    await dialog.getByText('is merged into that one', { exact: false }).waitFor();
    await page.getByTestId('crop-link-select').click();
    await page.getByRole('option', { name: 'Pecan', exact: true }).click();
    await page.getByTestId('crop-delete-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('crops-table').getByRole('cell', { name: 'Pecan (copy)', exact: true }).count()).toBe(0);
    expect(await listed('Cultivars')).toEqual(cultivars);
    expect(await listed('Growth stages')).toEqual(stages);
    expect(errors).toEqual([]);
  });

  it('is neither in the menu nor callable for a user without Crop', async () => {
    const user = await createUser(server.built.deps.db, ['DrisGraphs']);
    await expectMenuAndApiGated(browser, server.url, user, {
      visible: 'DrisGraphs', hidden: 'Crop',
      calls: [{ path: cropsEndpoints.paged.path }, { path: cropsEndpoints.assignLab.path, data: { cropId, labminCropId: null, wynlandCropId: null, rowVersion: 1 } }],
    });
  });
});
