/**
 * axe-core on the page as it is now: every rule axe ships except the experimental ones (WCAG 2.0, 2.1
 * and 2.2 A and AA, and axe's best practices), reported as one readable line per failing element.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A violation as the failure message shows it. */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  target: string;
  summary: string;
}

/**
 * Runs axe and returns its violations, one entry per element. axe runs in the page itself (`setLegacyMode`):
 * by default AxeBuilder opens a blank page for every check and loads axe into it to finish the run there,
 * which took 0.8 s a check where this takes 0.33 s. What legacy mode leaves out is cross-origin frames, and
 * the app has none: on the pages tried (the menu preview's PDF frame among them) both modes checked the
 * same rules on the same elements, with the same results.
 */
export async function axeFindings(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      target: node.target.join(' '),
      summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    })),
  );
}

/** Fails with every violation listed when axe finds any on the page. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const findings = await axeFindings(page);
  const text = findings.map((f) => `[${f.impact}] ${f.rule} at ${f.target}: ${f.help}. ${f.summary}`).join('\n');
  expect(findings, `axe on ${where}:\n${text}`).toEqual([]);
}
