import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Moving by keyboard alone in the browser tests (issue 38): each Tab stop must show that it has the focus. */

/**
 * Whether the focused element shows that it has the focus: an outline or the accent border on it or on the box
 * around it (a text field's box, a password field's wrapper). Answers what has the focus, and how.
 */
export function focusShown(p: Page): Promise<{ shown: boolean; what: string }> {
  return p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    // past the page's last stop the focus is in the browser's own bar, not on the page
    if (!el || el === document.body) return { shown: true, what: 'the browser' };
    const what = `${el.tagName.toLowerCase()}[${el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.className}]`;
    const probe = document.createElement('div');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const accent = getComputedStyle(probe).color;
    probe.remove();
    for (let box: HTMLElement | null = el, i = 0; box && i < 3; box = box.parentElement, i += 1) {
      const st = getComputedStyle(box);
      if (st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) > 0) return { shown: true, what };
      if (st.borderTopColor === accent) return { shown: true, what };
    }
    return { shown: false, what };
  });
}

/**
 * Tabs forward until the target has the focus (at most `max` presses), checking each stop shows it. `target`: a test
 * id, or a locator (a button found by its name).
 */
export async function tabTo(p: Page, target: string | Locator, max = 60): Promise<void> {
  const reached = typeof target === 'string'
    ? async () => (await p.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === target
    : () => target.evaluate((el) => el === document.activeElement);
  for (let i = 0; i < max; i += 1) {
    await p.keyboard.press('Tab');
    const focus = await focusShown(p);
    expect(focus.shown, `focus shown on ${focus.what}`).toBe(true);
    if (await reached()) return;
  }
  throw new Error(`${String(target)} not reached by ${max} Tab presses`);
}

/** Presses a key and checks the element it leaves focused shows that it has the focus. */
export async function press(p: Page, key: string): Promise<void> {
  await p.keyboard.press(key);
  const focus = await focusShown(p);
  expect(focus.shown, `focus shown on ${focus.what} after ${key}`).toBe(true);
}

/** The test id of the focused element. */
export const focusedTestId = (p: Page) => p.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

/**
 * Whether the focused element can be seen where it is: the topmost element at its centre is itself (or inside it),
 * not a sticky bar or a header scrolled over it. Answers what covers it, or null.
 */
export function focusCoveredBy(p: Page): Promise<string | null> {
  return p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (top && (top === el || el.contains(top))) return null;
    const name = (e: Element | null) => (e ? `${e.tagName.toLowerCase()}[${e.getAttribute('data-testid') ?? e.className}]` : 'nothing (outside the window)');
    return `${name(el)} is under ${name(top?.closest('[data-testid]') ?? top)}`;
  });
}
