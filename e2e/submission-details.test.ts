import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL_ENTRY_MESSAGES as M, SUBMISSION_MESSAGES as SM, submissionResultEndpoints as leaf } from '@sapwood/contracts';
import { PERMISSIONS, type World, startWorld, withTypedResults } from '../apps/server/test/submission-results.fixtures';
import { launchBrowser, PagePool, signIn, watchPageErrors } from '../tests/support/browser';
import { createUser } from '../tests/support/users';

/**
 * The spec's last details of the submissions (issue 35) in Chromium: a submission's documents (a type the
 * dialog does not list refused, the same file kept once, delete with its permission, a confirmation and an
 * audit record), Waiting for Lab's refused delete ('May not delete row') and its history closing on Escape,
 * and the printed Lab Results' date in the app's one format.
 */
let w: World;
let browser: Browser;
let pool: PagePool;
let errors: string[] = [];
const db = () => w.server.built.deps.db;
const rowOf = (page: Page, id: number) => page.getByTestId('waiting-table').locator(`tbody tr[data-row-id="${id}"]`);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function open(path: string, permissions: string[] = PERMISSIONS): Promise<Page> {
  const page = await pool.newPage();
  errors = watchPageErrors(page);
  await signIn(page, w.server.url, await createUser(db(), permissions, { name: 'Detail Staff' }), path);
  return page;
}

beforeAll(async () => {
  w = await startWorld();
  browser = await launchBrowser();
  pool = new PagePool(browser, w.server.url);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await w?.close();
});

describe('a submission\'s documents', () => {
  it('refuses a .txt at the file, keeps the same file once, and deletes one after asking, with an audit record', async () => {
    const { id } = await w.submitted('leaf', 'Manual', { entries: 1, clientName: 'Docs Co' });
    const page = await open('/submissions?tab=waiting');
    await rowOf(page, id).getByRole('button', { name: `Manual ${id}`, exact: true }).click();
    await page.getByTestId('manual-upload-files').click();
    const files = page.getByTestId('upload-files-dialog');
    const input = files.locator('input[type=file]');

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text\n') });
    await files.getByTestId('upload-file-error-0').getByText(M.fileType).waitFor();
    await files.getByTestId('upload-files-send').click();
    expect(await db().selectFrom('submission_files').select('id').where('submission_id', '=', id).execute()).toEqual([]);

    for (const name of ['lab-report.pdf', 'lab-report copy.pdf']) {
      await input.setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
      await files.getByTestId('upload-files-send').click();
      await files.getByTestId('upload-files-docs').getByText('lab-report.pdf').waitFor();
    }
    await page.locator('.mantine-Notification-root', { hasText: M.alreadyUploaded }).first().waitFor();
    expect(await files.getByTestId('upload-files-doc').count()).toBe(1);

    await files.getByTestId('upload-files-delete').click();
    await page.getByText(M.confirmDeleteFile('lab-report.pdf')).waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await files.getByTestId('upload-files-none').waitFor();
    const audit = await db().selectFrom('audit_log').select('reason').where('entity', '=', 'submission').where('entity_id', '=', String(id)).where('reason', '=', 'Files deleted').execute();
    expect(audit).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();

    // without SubmissionsDelete there is no delete
    const viewer = await open('/submissions?tab=waiting', ['Submissions', 'SubmissionsWaitingForLab']);
    await rowOf(viewer, id).getByRole('button', { name: `Manual ${id}`, exact: true }).click();
    await viewer.getByTestId('manual-upload-files').click();
    const viewerFiles = viewer.getByTestId('upload-files-dialog');
    await viewerFiles.locator('input[type=file]').setInputFiles({ name: 'again.pdf', mimeType: 'application/pdf', buffer: PDF });
    await viewerFiles.getByTestId('upload-files-send').click();
    await viewerFiles.getByTestId('upload-files-docs').getByText('again.pdf').waitFor();
    expect(await viewerFiles.getByTestId('upload-files-delete').count()).toBe(0);
    await viewer.close();
  });
});

describe('Waiting for Lab', () => {
  it('opens the \'May not delete row\' dialog when the delete is refused, and closes a row\'s history on Escape', async () => {
    const { id } = await w.submitted('leaf', 'Manual', { entries: 1, clientName: 'Linked Meanwhile Co' });
    const page = await open('/submissions?tab=waiting');
    const row = rowOf(page, id);
    await row.waitFor();

    await row.getByRole('button', { name: `history of ${id}` }).click();
    const history = page.getByTestId(`history-${id}`);
    await history.waitFor();
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });

    // someone links a lab job meanwhile: the server refuses the delete
    await db().updateTable('submissions').set({ lab_job_id: 'LJ-77' }).where('id', '=', id).execute();
    await row.getByRole('button', { name: `delete ${id}` }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    const refused = page.getByRole('dialog', { name: SM.mayNotDelete });
    await refused.getByText(SM.mayNotDeleteWithLabJob).waitFor();
    await refused.getByRole('button', { name: 'OK' }).click();
    await refused.waitFor({ state: 'detached' });
    expect(await db().selectFrom('submissions').select('id').where('id', '=', id).execute()).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers print on every waiting row, a Manual one included (spec: \'print: lab results\'), which says when there are none', async () => {
    const manual = await w.submitted('leaf', 'Manual', { entries: 1, clientName: 'Print Manual Co' });
    const page = await open('/submissions?tab=waiting');
    await rowOf(page, manual.id).getByRole('button', { name: `print ${manual.id}` }).click();
    const printed = page.getByRole('dialog', { name: 'Lab Results' });
    await printed.getByText('No lab results available').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the printed Lab Results', () => {
  it('writes the date sampled in the app\'s one date format', async () => {
    const id = await withTypedResults(w, 'leaf', 'Printed Co');
    const page = await open('/submissions?tab=results');
    const html = await page.evaluate(async (sub) => {
      const r = await fetch('/api/submission/print', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: sub }) });
      return ((await r.json()) as { html: string }).html;
    }, id);
    expect(html).toContain('18/11/2026');
    expect(html).not.toContain('2026-11-18');
    expect(leaf.print.path).toBe('/api/submission/print');
    await page.close();
  });
});
