/**
 * axe-core on the page as jsdom renders it, for the UI tests' accessibility checks: each violation as
 * its rule and the elements it names. Colour contrast is left to the browser checks (jsdom computes no
 * styles).
 */
import axe from 'axe-core';

export async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The same at a window `width` wide (phone 375, tablet 768), told to the page as a resize. */
export async function axeViolationsAt(width: number): Promise<string[]> {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
  return axeViolations();
}
