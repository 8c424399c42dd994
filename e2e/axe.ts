import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

// ADR 084: axe-core, from the registry package pinned in e2e/package.json, run inside the page as it
// stands. Its source is written into the page as a script (no download, no network): the page's
// Content-Security-Policy refuses scripts it did not name, so the context that scans bypasses it
// (browser.ts openPage's bypassCsp).

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices (among them the ones an audit
 * names: one main landmark, one level-one heading, all content in landmarks). Experimental rules stay off.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export type AxeViolation = {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** One entry per offending element: its selector, and what axe says is wrong with it. */
  nodes: { target: string; summary: string }[];
};

/** The violations axe finds in the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  const options: RunOptions = {
    runOnly: { type: 'tag', values: AXE_TAGS },
    resultTypes: ['violations'],
  };
  return page.evaluate(async (runOptions) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } })
      .axe;
    const results = await axe.run(document, runOptions);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
  }, options);
}

/** One line per offending element: where, which rule, what to do — what a failure prints. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${where}: ${violation.id} (${violation.impact}) at ${node.target} — ${violation.help}. ${node.summary} ${violation.helpUrl}`,
    ),
  );
}
