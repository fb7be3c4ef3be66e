import type { Browser, Page } from 'playwright-core';
import { settingsEndpoints } from '@sapwood/contracts';
import type { ApiClient } from './api-client';
import { launchBrowser } from './browser';
import { type CarbohydrateReference, controlsOptional, seedCarbohydrateReference } from './carbohydrate-fixtures';
import { ADMIN, type TestServer, startTestServer } from './server';
import { createUser, signedIn } from './users';

/** What the /labjobs browser tests share: the app with the carbohydrate reference, limits 10 and 20, a lab user, Chromium. */
export interface LabJobsScreen {
  server: TestServer;
  browser: Browser;
  ref: CarbohydrateReference;
  labUser: { email: string; password: string };
  api: ApiClient;
}

/**
 * `controls`: the lab's QC setting. Controls are required by default (issue 37); a file that completes jobs without
 * being about quality control says 'optional'.
 */
export async function startLabJobsScreen(opts: { controls: 'required' | 'optional' }): Promise<LabJobsScreen> {
  const server = await startTestServer();
  const browser = await launchBrowser();
  const db = server.built.deps.db;
  const ref = await seedCarbohydrateReference(db);
  if (opts.controls === 'optional') await controlsOptional(db);
  const labUser = await createUser(db, ['LabJobs'], { name: 'Lab Tech' });
  const api = await signedIn(server.url, labUser);
  const admin = await signedIn(server.url, ADMIN);
  const { rowVersion } = (await admin.call(settingsEndpoints.get)).body;
  const limits = await admin.call(settingsEndpoints.update, { sugarLimit: 10, starchLimit: 20, rowVersion });
  if (limits.status !== 200) throw new Error(`The limits were not set: ${limits.status} ${JSON.stringify(limits.body)}`);
  return { server, browser, ref, labUser, api };
}

/** Pastes text into the element as a clipboard paste event. */
export async function paste(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).evaluate((el, t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

export const UNSAVED = 'You have unsaved changes. Discard them?';
export const activeTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
