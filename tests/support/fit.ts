import type { Page } from 'playwright-core';

/**
 * The fit probe of the screen walk (issue 34, ADR 0135): in the window the walk runs in (1400 × 900), no page-level
 * horizontal scrolling (the document, the main area, a dialog's body), and every action (a button or link) inside
 * the window and inside the scrolling boxes around it, so nothing is reached only by scrolling sideways. A wide
 * grid's values may scroll inside their own box; its sample column and its actions stay in view. In an entry grid
 * (the job card's, the results', manual entry's) no cell, head or badge is cut by an ellipsis (a button narrower than
 * its column showed as '…'). A field's value may be shortened: issue 18 fits the job card to 1400 px without a
 * sideways scroll, names shortened with their whole text in a tooltip.
 */

/**
 * What does not fit in the page as it is now (or in the part `scope` selects): lines naming the box that
 * overflows by how much, and each action outside the part of the window it can be seen in.
 */
export async function overflow(p: Page, where: string, scope?: string): Promise<string[]> {
  const found = await p.evaluate((scope) => {
    const lines: string[] = [];
    const name = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
      return `${el.tagName.toLowerCase()}${id ? ` "${id}"` : ''}`;
    };
    const doc = document.scrollingElement as HTMLElement;
    if (doc.scrollWidth > doc.clientWidth) lines.push(`the page scrolls sideways: ${doc.scrollWidth} px in ${doc.clientWidth}`);
    const boxes = scope
      ? Array.from(document.querySelectorAll(`${scope} .mantine-Modal-body, ${scope} .mantine-Modal-content`))
      : Array.from(document.querySelectorAll('main'));
    for (const box of boxes as HTMLElement[]) {
      if (box.offsetParent === null) continue;
      if (box.scrollWidth > box.clientWidth + 1) lines.push(`${name(box)} overflows: ${box.scrollWidth} px in ${box.clientWidth}`);
    }
    const root = scope ? Array.from(document.querySelectorAll(scope)).filter((d) => (d as HTMLElement).offsetParent !== null).at(-1) : document.querySelector('main');
    if (!root) return lines;
    const actions = Array.from(root.querySelectorAll('button, a[href], [role="button"], [role="tab"]')) as HTMLElement[];
    for (const a of actions) {
      const r = a.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(a).visibility === 'hidden') continue;
      let left = 0;
      let right = window.innerWidth;
      for (let el = a.parentElement; el; el = el.parentElement) {
        if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(el).overflowX)) {
          const b = el.getBoundingClientRect();
          left = Math.max(left, b.left + el.clientLeft);
          right = Math.min(right, b.left + el.clientLeft + el.clientWidth);
        }
      }
      if (r.left < left - 1 || r.right > right + 1) {
        lines.push(`action ${name(a)} outside its view: ${Math.round(r.left)}–${Math.round(r.right)} px, seen ${Math.round(left)}–${Math.round(right)}`);
      }
    }
    // an entry grid's cells, heads and badges shown whole (not cut by their ellipsis)
    for (const grid of Array.from(root.querySelectorAll('table.sw-grid, table.sw-pinned-grid')) as HTMLElement[]) {
      if (grid.offsetParent === null) continue;
      const gridName = name(grid);
      for (const el of Array.from(grid.querySelectorAll('th, td, th *, td *')) as HTMLElement[]) {
        if (el.offsetParent === null || el instanceof HTMLInputElement || el instanceof HTMLSelectElement) continue;
        const s = getComputedStyle(el);
        if (s.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth) {
          const text = el.textContent?.trim().slice(0, 30) || el.querySelector('[aria-label]')?.getAttribute('aria-label') || el.tagName.toLowerCase();
          lines.push(`${gridName}: "${text}" cut by an ellipsis (${el.scrollWidth} px in ${el.clientWidth})`);
        }
      }
    }
    return lines;
  }, scope);
  return [...new Set(found)].slice(0, 8).map((l) => `${where} › ${l}`);
}
