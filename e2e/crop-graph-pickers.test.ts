import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphSets, cropsEndpoints as ep } from '@sapwood/contracts';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { seedCarbohydrateReference } from '../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

/**
 * Crop Data's graph pick lists (issue 35; spec part 2: 'Graph pickers are searchable pick lists', POST
 * /api/crop/pagedcropgraphs and pagedcultivargraphs; pick lists use a page size of 200): each loads a page of 200
 * through its paged endpoint, never the whole list, says how many more match, and searches as the user types.
 * Picking copies: a crop's DRIS graph into this crop's DRIS norms, a cultivar's graph sets into its graph sets.
 */
const CROPS = 230;
let server: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let cropId: number;
let pickedCultivar: string;
const asked: { path: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.deps.db;
  const ref = await seedCarbohydrateReference(db);
  cropId = ref.crop.id;
  pickedCultivar = ref.cultivars[0].name;
  const crops = await db.insertInto('crops').values(Array.from({ length: CROPS }, (_, i) => ({ name: `Yield crop ${String(i + 1).padStart(3, '0')}`, factor: 1 }))).returning('id').execute();
  await db.insertInto('crop_dris_graphs').values(crops.map((c, i) => ({
    crop_id: c.id, graph_name: `DRIS ${i + 1}`, selected: true, position: 0, rows: JSON.stringify([{ expression: 'N/P', mean: 10 + i, cv: 20 }]),
  }))).execute();
  const graphs = GraphSets.parse({ macroGraph: { selected: true, n: { min: 2.1, med: 2.4, max: 2.9 } } });
  await db.insertInto('leaf_norms').values({ crop_id: cropId, cultivar_id: ref.cultivars[0].id, growth_stage_id: null, graphs: JSON.stringify(graphs), source: 'lab', method: '', tissue: '' }).execute();
  browser = await launchBrowser();
  page = await browser.newPage();
  errors = watchPageErrors(page);
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/crop/paged') && path !== ep.paged.path) asked.push({ path, body: JSON.parse(r.postData() ?? '{}') as Record<string, unknown> });
  });
  await signIn(page, server.url, await createUser(db, ['Crop']), '/crops');
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** the options of the pick list open now (not the pager's or another list's) */
const options = () => page.locator('.mantine-Select-dropdown:visible .mantine-Select-option').allTextContents();

describe('Crop Data\'s graph pick lists', () => {
  it('page crops\' DRIS graphs 200 at a time, search as the user types, and copy the one picked', async () => {
    await page.getByTestId(`crop-edit-${cropId}`).click();
    const dialog = page.getByRole('dialog', { name: 'Crop Data' });
    await dialog.getByRole('tab', { name: 'DRIS norms' }).click();
    expect(asked).toEqual([]); // nothing asked before the list is opened
    const picker = page.getByTestId('dris-copy-graph');
    await picker.click();
    await expect.poll(async () => (await options()).length).toBe(200);
    await dialog.getByText(`${CROPS - 200} more not shown: type to narrow`).waitFor();
    expect(asked[0]).toMatchObject({ path: ep.pagedCropGraphs.path, body: { page: 1, rowsPerPage: 200, search: '' } });

    await picker.fill('crop 217');
    await expect.poll(options).toEqual(['Yield crop 217: DRIS 217']);
    expect(asked.at(-1)).toMatchObject({ path: ep.pagedCropGraphs.path, body: { rowsPerPage: 200, search: 'crop 217' } });
    await page.getByRole('option', { name: 'Yield crop 217: DRIS 217' }).click();
    await expect.poll(() => dialog.getByLabel('DRIS graph 1', { exact: true }).inputValue()).toBe('DRIS 217');
    expect(await page.getByTestId('dris-0-0-mean').inputValue()).toBe('226');
    expect(await picker.inputValue()).toBe('');
  });

  it('page cultivars with their Selected graph sets, and copy the graph sets of the one picked', async () => {
    const dialog = page.getByRole('dialog', { name: 'Crop Data' });
    await dialog.getByRole('tab', { name: 'Graph sets' }).click();
    const picker = page.getByTestId('crop-copy-cultivar-graphs');
    await picker.click();
    await picker.fill(pickedCultivar);
    const label = new RegExp(`/ ${pickedCultivar} \\(Macro`);
    await expect.poll(() => asked.some((a) => a.path === ep.pagedCultivarGraphs.path && a.body.rowsPerPage === 200 && a.body.search === pickedCultivar)).toBe(true);
    await expect.poll(options).toEqual([expect.stringMatching(label)]);
    await page.getByRole('option', { name: label }).click();
    await expect.poll(() => page.getByTestId('crop-graphs-n-min').inputValue()).toBe('2.1');
    expect(await page.getByTestId('crop-graphs-n-max').inputValue()).toBe('2.9');
    expect(await page.getByLabel('Macro selected').isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });
});
