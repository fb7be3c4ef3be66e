import { submissionEndpoints as ep } from '@sapwood/contracts';
import pg from 'pg';
import type { Page } from 'playwright-core';
import type { BenchClient } from './bench-server';
import { loadReference } from './submissions-data';

/** Rows of the manual grid typed into by the benchmark. */
export const TYPED_SAMPLES = 500;

/**
 * A Manual leaf submission of TYPED_SAMPLES samples, through the API (it waits for results): answers its id and
 * the client name that finds it on Waiting for Lab.
 */
export async function manualSubmission(url: string, client: BenchClient): Promise<{ id: number; clientName: string }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const ref = await loadReference(c);
  const languageId = (await c.query<{ id: number }>('select id from languages order by id limit 1')).rows[0].id;
  await c.end();
  const clientName = `Typing bench ${Date.now() % 1_000_000}`;
  const samples = Array.from({ length: TYPED_SAMPLES }, (_, i) => ({
    testDataId: 0, sampleNumber: `T${String(i + 1).padStart(3, '0')}`, blockNumber: `B${1 + (i % 12)}`, cropId: ref.cropId,
    cultivars: [ref.cultivarId], growthStage: 'Flowering', organTypeEnum: 'Normal', test: 'StandardItestLeaf',
  }));
  const r = await client.request('POST', ep.submit.path, {
    clientName, farmName: 'Bench farm', agentId: ref.agentId, depotId: ref.depotId, agronomistId: ref.agronomistId,
    languageId, dateSent: '2026-11-20', dateSampled: '2026-11-18', lab: 'Manual', samples: [samples],
  });
  if (r.status !== 200) throw new Error(`submit answered ${r.status}: ${r.text.slice(0, 300)}`);
  return { id: (JSON.parse(r.text) as { id: number }).id, clientName };
}

/**
 * Opens the submission's manual entry from Waiting for Lab, as a user does (the Manual button of its row), and
 * waits until a cell of the grid has the focus. Only the dialog and its inputs are relied on, not how the grid is
 * built (whichever grid serves manual entry).
 */
export async function openManualEntry(page: Page, base: string, sub: { id: number; clientName: string }): Promise<void> {
  await page.goto(`${base}/submissions?tab=waiting`);
  const box = page.getByLabel('Search', { exact: true });
  await box.fill(sub.clientName);
  await box.press('Enter');
  await page.getByRole('button', { name: `Manual ${sub.id}`, exact: true }).click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog', { name: new RegExp(`Manual entry · Submission ${sub.id}`) });
  await dialog.locator('table input[type="text"], table input:not([type])').first().waitFor({ timeout: 60_000 });
  const inGrid = () => page.evaluate(() => document.activeElement instanceof HTMLInputElement && !!document.activeElement.closest('[role="dialog"] table'));
  if (!(await inGrid())) await dialog.locator('table input[type="text"], table input:not([type])').first().focus();
}

/**
 * Types `keys` into the grid from the focused cell (characters, and Tab to the next cell), and answers, for each
 * character, the ms from the key press (the keydown event's time stamp) to the frame that shows it: measured in
 * the page, a requestAnimationFrame from the keydown and a message posted from it (which runs once that frame is
 * painted).
 */
export async function typingDelays(page: Page, keys: string[]): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __typed: number[] };
    w.__typed = [];
    document.addEventListener('keydown', (e) => {
      if (e.key.length !== 1) return;
      const start = e.timeStamp;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => w.__typed.push(performance.now() - start);
        ch.port2.postMessage(null);
      });
    }, { capture: true });
  });
  let chars = 0;
  for (const key of keys) {
    await page.keyboard.press(key);
    if (key.length !== 1) continue;
    chars += 1;
    await page.waitForFunction((n) => (window as unknown as { __typed: number[] }).__typed.length >= n, chars, { polling: 'raf' });
  }
  return page.evaluate(() => (window as unknown as { __typed: number[] }).__typed);
}
