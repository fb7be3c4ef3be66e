import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn, watchPageErrors } from '../tests/support/browser';
import { seedCarbohydrateReference } from '../tests/support/carbohydrate-fixtures';
import { type TestServer, startTestServer } from '../tests/support/server';
import { createUser } from '../tests/support/users';

/**
 * One home per endpoint (ADR 0072): a list cached by one screen is the answer of its endpoint, so a change
 * made on another screen that invalidates that endpoint reaches it at once, without a reload.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  await seedCarbohydrateReference(server.built.deps.db, ' fresh');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const menuLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: label, exact: true });
const agentOptions = (page: Page) =>
  page.locator('#lab-agents option').evaluateAll((els) => els.map((o) => `${(o as HTMLOptionElement).value}|${(o as HTMLOptionElement).label}`));

describe('reference lists stay fresh across screens', () => {
  it("an agent renamed on /agent shows in the job card's agent list at once", async () => {
    const db = server.built.deps.db;
    await db.insertInto('agents').values({ name: 'Fresh Agent Before' }).execute();
    const creds = await createUser(db, ['Agents', 'LabJobs']);
    const page = await browser.newPage();
    const errors = watchPageErrors(page);

    // the job card loads (and caches) the agent list
    await signIn(page, server.url, creds, '/labjobs');
    await page.getByTestId('jobs-create').click();
    await page.getByTestId('entry-0-sampleNumber').waitFor();
    await expect.poll(() => agentOptions(page)).toContain('Fresh Agent Before|Agent list');
    await page.getByTestId('job-card-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('job-card-dialog').waitFor({ state: 'detached' });

    // rename the agent on /agent, reached through the side menu (no reload)
    await menuLink(page, 'Agent').click();
    await page.waitForURL((u) => u.pathname === '/agent');
    const row = page.getByTestId('agent-table').locator('tbody tr', { hasText: 'Fresh Agent Before' });
    await row.getByTestId('row-edit').click();
    const dialog = page.getByRole('dialog', { name: 'Agent' });
    await dialog.getByTestId('item-name').fill('Fresh Agent After');
    await dialog.getByTestId('item-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('agent-table').locator('tbody tr', { hasText: 'Fresh Agent After' }).waitFor();

    // back to the jobs through the side menu: the job card offers the new name, not the cached old one
    await menuLink(page, 'Jobs').click();
    await page.waitForURL((u) => u.pathname === '/labjobs');
    await page.getByTestId('jobs-create').click();
    await page.getByTestId('entry-0-sampleNumber').waitFor();
    await expect.poll(() => agentOptions(page), { timeout: 5_000 }).toContain('Fresh Agent After|Agent list');
    expect(await agentOptions(page)).not.toContain('Fresh Agent Before|Agent list');
    expect(errors).toEqual([]);
    await page.close();
  });
});
