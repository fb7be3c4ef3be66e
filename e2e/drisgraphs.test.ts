import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drisgraphsEndpoints } from '@sapwood/contracts';
import { isMarkedInvalid, launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { expectMenuAndApiGated } from '../tests/support/gating';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

/** /drisgraphs in Chromium: build a formula graph with a deliberate error, fix it, save, edit; gating. */
let server: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  page = await browser.newPage();
  errors = watchPageErrors(page);
  const user = await createUser(server.built.deps.db, ['DrisGraphs']);
  await signIn(page, server.url, user, '/drisgraphs');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const dialog = () => page.getByRole('dialog', { name: /graph/ });

describe('/drisgraphs', () => {
  it("refuses a blank name and blank rows ('Graph name required', '- required'), and a bad expression at its field with its position; fixed, it saves with 'success'", async () => {
    await page.getByTestId('graph-add').click();
    await dialog().waitFor();
    await page.getByTestId('graph-add-relationship').click();
    await page.getByTestId('graph-save').click();
    await dialog().getByText('Graph name required').waitFor();
    expect(await isMarkedInvalid(page.getByTestId('graph-name'))).toBe(true);
    // the blank relationship's name and expression, and the values (at least one)
    await expect.poll(() => dialog().getByText('- required', { exact: true }).count()).toBe(3);
    await expect.poll(() => page.getByTestId('graph-values-empty').textContent()).toBe('- required');

    await page.getByTestId('graph-name').fill('Macro');
    await page.getByLabel('Relationship 1 name').fill('NP');
    await page.getByLabel('Relationship 1 expression').fill('N / Px');
    await page.getByTestId('graph-add-value').click();
    await page.getByLabel('Value 1 element').first().fill('N');
    await page.getByRole('option', { name: 'N', exact: true }).click();
    await page.getByLabel('Value 1 expression').fill('(NP + 1');
    await page.getByTestId('graph-save').click();
    await dialog().getByText("Unknown name 'Px' at position 5").waitFor();
    await dialog().getByText('Unclosed ( at position 8').waitFor();
    expect(await isMarkedInvalid(page.getByLabel('Relationship 1 expression'))).toBe(true);
    expect(await server.built.deps.db.selectFrom('formula_graphs').selectAll().execute()).toHaveLength(0);

    await page.getByLabel('Relationship 1 expression').fill('N / P');
    await page.getByLabel('Value 1 expression').fill('(NP + 1) / 2');
    await page.getByTestId('graph-save').click();
    await page.getByText('success', { exact: true }).waitFor();
    await dialog().waitFor({ state: 'detached' });
    await page.getByTestId('graphs-table').getByRole('cell', { name: 'Macro', exact: true }).waitFor();
    const saved = await server.built.deps.db.selectFrom('formula_graphs').selectAll().executeTakeFirstOrThrow();
    expect(saved.formula).toEqual({ relationships: [{ name: 'NP', expression: 'N / P' }], values: [{ element: 'N', expression: '(NP + 1) / 2' }] });
  });

  it('edits a graph, and a name taken by another is refused on the name', async () => {
    await server.built.deps.db.insertInto('formula_graphs').values({ name: 'Micro', alternate_function: false, formula: JSON.stringify({ relationships: [], values: [] }) }).execute();
    await page.reload();
    await page.getByRole('button', { name: 'Edit Macro' }).click();
    await dialog().waitFor();
    await page.getByTestId('graph-name').fill('micro');
    await page.getByTestId('graph-save').click();
    await dialog().getByText('Name must be unique').waitFor();
    await page.getByTestId('graph-name').fill('Macro NPK');
    await page.getByTestId('graph-alternate').check();
    await page.getByTestId('graph-save').click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByTestId('graphs-table').getByRole('cell', { name: 'Macro NPK', exact: true }).waitFor();
    const row = await server.built.deps.db.selectFrom('formula_graphs').selectAll().where('name', '=', 'Macro NPK').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ alternate_function: true, row_version: 2 });
    expect(errors).toEqual([]);
  });

  it('is neither in the menu nor callable for a user without DrisGraphs', async () => {
    const user = await createUser(server.built.deps.db, ['Crop']);
    await expectMenuAndApiGated(browser, server.url, user, {
      visible: 'Crop', hidden: 'DrisGraphs',
      calls: [{ path: drisgraphsEndpoints.paged.path }, { path: drisgraphsEndpoints.insert.path, data: { name: 'X', formula: { relationships: [], values: [] } } }],
    });
  });
});
