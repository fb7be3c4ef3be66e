import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { MENU } from '../../apps/web/src/app/menu';
import { launchBrowser, watchPageErrors } from './browser';
import { type DemoWorld, startDemoWorld } from './demo-world';

/**
 * The walk of every screen and its dialogs (e2e/screen-walk.test.ts: in each state axe-core's findings and what
 * does not fit 1400 × 900): settle a page, open and close a screen's dialogs found by what every screen shares
 * (its create button shows a plus, its edit buttons a pencil), and collect the probes' findings state by state.
 */

/** The window the walks run in (issue 34: every screen fits it; issue 38: checked at it). */
export const WALK_VIEWPORT = { width: 1400, height: 900 };

export interface WalkSetup {
  world: DemoWorld;
  browser: Browser;
  page: Page;
  /** the page errors seen on the way */
  errors: string[];
  close(): Promise<void>;
}

/** One demo-seeded server, one browser and one page at 1400 × 900 for a walk: no motion, page errors collected. */
export async function startWalk(): Promise<WalkSetup> {
  // enough soil captures for every demo farmers' submission (the Manual one waiting among them)
  const world = await startDemoWorld({ leaf: 30, soil: 30 });
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: WALK_VIEWPORT });
  await disableMotion(page);
  page.setDefaultTimeout(15_000);
  // leaving a dialog with unsaved work asks (beforeunload): the walk goes on
  page.on('dialog', (d) => void d.accept());
  const errors = watchPageErrors(page);
  return {
    world, browser, page, errors,
    async close() {
      await browser.close();
      await world.close();
    },
  };
}

/** What is checked in each state: lines naming what is wrong there (none when it passes). */
export type Probe = (page: Page, where: string, scope?: string) => Promise<string[]>;

/** Every screen of the side menu, from the menu's own declaration (a new screen is walked too). */
export const SCREENS: string[] = MENU.flatMap((g) => g.items).map((i) => i.path);

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

export const DIALOG = 'section[role="dialog"]';

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

/**
 * Collects the findings of one probe, or of several named probes run one after the other on each state (the walk:
 * `{ fit, axe }`, each state opened once for both), state by state, under a name that says where.
 */
export class Findings {
  /** every probe's lines */
  readonly lines: string[] = [];
  /** each named probe's own lines */
  readonly by: Record<string, string[]> = {};
  private readonly probes: [string, Probe][];
  constructor(readonly page: Page, probe: Probe | Record<string, Probe>) {
    this.probes = typeof probe === 'function' ? [['', probe]] : Object.entries(probe);
    for (const [name] of this.probes) this.by[name] = [];
  }

  /** `scope`: a selector of the part to check (a dialog: the page behind it was checked already). */
  async check(where: string, scope?: string): Promise<void> {
    await settle(this.page);
    for (const [name, probe] of this.probes) {
      const found = await probe(this.page, where, scope);
      this.by[name].push(...found);
      this.lines.push(...found);
    }
  }

  /** Clicks `opener`, checks the dialog it opens (and, with `submit`, after its save button is pressed empty), closes it. */
  async dialog(opener: Locator, where: string, opts: { submit?: boolean } = {}): Promise<boolean> {
    // a list that refreshes may swap its buttons (a click on the old one opens nothing): tried again on the new one, or none if it went;
    // a dialog slow to come (its part of the app loading on a busy machine) is waited for, not clicked open twice
    const opening = this.page.locator('.mantine-Modal-overlay:visible, section[role="dialog"]:visible');
    for (let attempt = 1; ; attempt += 1) {
      await settle(this.page);
      if ((await opening.count()) === 0) {
        if (!(await opener.isVisible())) return false;
        try {
          await opener.click({ timeout: 5_000 });
        } catch (e) {
          if (attempt === 3) throw e;
          continue;
        }
      }
      try {
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
        // a busy machine may still be laying the dialog out (a click that lands on nothing): once more, where it is now
        await save.click({ timeout: 5_000 }).catch(() => save.click({ force: true }));
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

/** States a screen has beyond the walk's own: its main grids and dialogs opened from a row. */
const EXTRA_STATES: Record<string, (f: Findings) => Promise<void>> = {
  '/labjobs': async (f) => {
    // a job's results (the card's title opens them) and its job card's grid being edited
    await f.dialog(f.page.getByTestId('job-card-title').first(), '/labjobs › job results');
    await editButton(f.page).click();
    await f.page.getByTestId('entry-0-sampleNumber').fill('A11Y-1');
    await f.check('/labjobs › job card grid being edited', DIALOG);
    await closeDialogs(f.page);
  },
  '/submissions': (f) => submissionDialogs(f, '/submissions'),
  '/farmerssamplesubmissions': (f) => submissionDialogs(f, '/farmerssamplesubmissions'),
};

/** A submissions screen's Prepare dialog (its first group) and manual entry grid (its first waiting submission). */
async function submissionDialogs(f: Findings, path: string): Promise<void> {
  const main = f.page.locator('main');
  // the demo data has both: waited for, as a tab's list loads after its click
  const prepare = main.getByRole('button', { name: /^prepare / }).first();
  await f.page.getByTestId('tab-prepare').click();
  await prepare.waitFor();
  await f.dialog(prepare, `${path} › Prepare dialog`);
  const manual = main.getByRole('button', { name: /^Manual \d+$/ }).first();
  await f.page.getByTestId('tab-waiting').click();
  await manual.waitFor();
  await f.dialog(manual, `${path} › manual entry grid`);
}

/**
 * Walks one screen of the menu: loaded; each of its tabs; on each, its create dialog (empty, then after an empty
 * save) and its first edit dialog; a list's row selected; then the screen's extra states. The probe runs in each.
 */
export async function walkScreen(f: Findings, baseUrl: string, path: string): Promise<void> {
  const { page } = f;
  await page.goto(`${baseUrl}${path}`);
  await page.locator('main').waitFor();
  await f.check(path);
  const tabs = page.locator('main [role="tab"]');
  const tabCount = await tabs.count();
  for (let i = 0; i < Math.max(tabCount, 1); i += 1) {
    let where = path;
    if (tabCount) {
      const tab = tabs.nth(i);
      where = `${path} › ${(await tab.textContent())?.trim()}`;
      await tab.click();
      await settle(page);
      await f.check(where);
    }
    await f.dialog(createButton(page), `${where} › create dialog`, { submit: true });
    await f.dialog(editButton(page), `${where} › edit dialog`);
    // a list's row selected (its selection box is named 'Select …')
    const rowBox = page.locator('main tbody input[type="checkbox"][aria-label^="Select "]:visible').first();
    if (await rowBox.isVisible()) {
      await rowBox.check();
      await f.check(`${where} › a row selected`);
      await rowBox.uncheck();
    }
  }
  await EXTRA_STATES[path]?.(f);
}
