import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkAccessibility } from './axe';

/**
 * Steps of the accessibility walk (e2e/accessibility.test.ts): settle a page, open and close a screen's dialogs
 * found by what every screen shares (its create button shows a plus, its edit buttons a pencil), and collect
 * axe's findings state by state.
 */

/** No animation or transition: axe reads colours as they end, not half-way through a fade. */
export const NO_MOTION = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** Turns animations and transitions off in every document the page loads. */
export async function disableMotion(page: Page): Promise<void> {
  await page.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    });
  }, NO_MOTION);
}

/** Waits until nothing loads: no request under way, no loader shown. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.mantine-Loader-root:visible').count()).toBe(0);
  await page.waitForLoadState('networkidle');
}

const DIALOG = 'section[role="dialog"]';

/** The topmost open dialog. */
export function topDialog(page: Page): Locator {
  return page.locator('section[role="dialog"]:visible').last();
}

/** Closes every open dialog by Escape, answering Yes when it asks to discard unsaved changes. */
export async function closeDialogs(page: Page): Promise<void> {
  const dialogs = page.locator('section[role="dialog"]:visible');
  // the confirm dialog's root wraps its window without a box of its own: its Yes button tells it is shown
  const confirm = page.getByTestId('confirm-dialog').getByRole('button', { name: 'Yes' });
  for (let i = 0; i < 6; i += 1) {
    const open = await dialogs.count();
    if (open === 0) return;
    if (await confirm.isVisible()) {
      await confirm.click();
      await confirm.waitFor({ state: 'hidden' });
    } else {
      // from the dialog itself: a grid's field keeps its own Escape (it undoes the cell)
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Escape');
      // closed, or asking first
      await expect.poll(async () => (await dialogs.count()) < open || (await confirm.isVisible())).toBe(true);
    }
  }
  await expect.poll(() => dialogs.count()).toBe(0);
}

/** Collects axe's findings, state by state, under a name that says where. */
export class Findings {
  readonly lines: string[] = [];
  constructor(private readonly page: Page) {}

  /** `scope`: a selector of the part to check (a dialog: the page behind it was checked already). */
  async check(where: string, scope?: string): Promise<void> {
    await settle(this.page);
    this.lines.push(...(await checkAccessibility(this.page, where, scope)));
  }

  /** Clicks `opener`, checks the dialog it opens (and, with `submit`, after its save button is pressed empty), closes it. */
  async dialog(opener: Locator, where: string, opts: { submit?: boolean } = {}): Promise<boolean> {
    // a list that refreshes may swap its buttons (a click on the old one opens nothing): tried again on the new one, or none if it went
    for (let attempt = 1; ; attempt += 1) {
      await settle(this.page);
      if (!(await opener.isVisible())) return false;
      try {
        await opener.click({ timeout: 5_000 });
        await topDialog(this.page).waitFor({ timeout: 5_000 });
        break;
      } catch (e) {
        if (attempt === 3) throw e;
      }
    }
    await this.check(where, DIALOG);
    // a form dialog (Enter saves through its hidden submit button) shows its errors when saved empty
    if (opts.submit && (await topDialog(this.page).locator('form button[type="submit"][hidden]').count()) > 0) {
      const save = topDialog(this.page).getByTestId('dialog-actions').getByRole('button').last();
      if (await save.isEnabled()) {
        await save.click();
        await this.check(`${where}, save pressed empty`, DIALOG);
      }
    }
    await closeDialogs(this.page);
    return true;
  }
}

/** A screen's create button (the plus) and its first edit button (the pencil), inside the main area. */
export function createButton(page: Page): Locator {
  return page.locator('main button:has(svg.tabler-icon-plus):visible').first();
}
export function editButton(page: Page): Locator {
  return page.locator('main button:has(svg.tabler-icon-pencil):visible').first();
}
