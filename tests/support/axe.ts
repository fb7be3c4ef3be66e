import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The rules checked: WCAG 2.0, 2.1 and 2.2, levels A and AA (docs/accessibility.md). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export interface AxeViolation {
  rule: string;
  impact: string;
  /** one line per element: its selector and axe's message for it */
  nodes: string[];
}

interface AxeWindow {
  axe?: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> };
}

/**
 * Runs axe-core (from its npm package, injected into the page) on the page as it is now, with the WCAG 2.x A/AA
 * rules, and returns its violations in a short form. `scope`: a selector of the part to check (the whole page by default).
 */
export async function axeViolations(page: Page, scope?: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => Boolean((window as AxeWindow).axe));
  // evaluated rather than added as a script tag: the app's Content-Security-Policy (script-src 'self') refuses inline scripts
  if (!loaded) await page.evaluate(axe.source);
  const raw = await page.evaluate(
    async ({ tags, scope }) => {
      const ctx = scope ? { include: [[scope]] } : document;
      const r = await (window as AxeWindow).axe!.run(ctx, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return r.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').trim()}`),
      }));
    },
    { tags: [...WCAG_TAGS], scope },
  );
  return raw;
}

/** The violations as lines for a failure message: `where › rule (impact): selector: message`, at most 5 elements a rule. */
export function formatViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((v) => [
    ...v.nodes.slice(0, 5).map((n) => `${where} › ${v.rule} (${v.impact}): ${n}`),
    ...(v.nodes.length > 5 ? [`${where} › ${v.rule}: … and ${v.nodes.length - 5} more elements`] : []),
  ]);
}

/** Runs axe on the page (or the part `scope` selects) and returns the formatted violations (empty when it passes). */
export async function checkAccessibility(page: Page, where: string, scope?: string): Promise<string[]> {
  return formatViolations(where, await axeViolations(page, scope));
}
