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

/** Runs axe and returns its violations, one entry per element. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).analyze();
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
