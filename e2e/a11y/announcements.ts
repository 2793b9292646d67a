/**
 * What a screen reader would announce, recorded in the page: a change of text inside a live region that
 * was already in the page (`aria-live`, or the roles alert, status and log), at its politeness, and a
 * newly inserted `role="alert"`, which is announced assertively by itself. Text put into a region created
 * at the same moment is not recorded, since screen readers miss it too.
 */
import type { Page } from '@playwright/test';

export interface Announcement {
  text: string;
  politeness: 'polite' | 'assertive';
}

/** Installs the recorder before the app loads (call before the first `openApp`). */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Politeness = 'polite' | 'assertive';
    const log: { text: string; politeness: Politeness }[] = [];
    (window as unknown as { __announcements: typeof log }).__announcements = log;
    const implicit: Record<string, Politeness | 'off'> = { alert: 'assertive', status: 'polite', log: 'polite', timer: 'off', marquee: 'off' };
    const politenessOf = (element: Element): Politeness | 'off' | null => {
      const live = element.getAttribute('aria-live');
      if (live === 'polite' || live === 'assertive' || live === 'off') return live;
      const role = element.getAttribute('role');
      return role && role in implicit ? implicit[role]! : null;
    };
    const regionOf = (node: Node): { element: Element; politeness: Politeness } | null => {
      for (let element = node instanceof Element ? node : node.parentElement; element; element = element.parentElement) {
        const politeness = politenessOf(element);
        if (politeness === 'off') return null;
        if (politeness) return { element, politeness };
      }
      return null;
    };
    // The live regions that were in the page before the changes being looked at.
    let known = new WeakSet<Element>();
    const scan = () => {
      known = new WeakSet();
      document.querySelectorAll('[aria-live], [role="alert"], [role="status"], [role="log"]').forEach((element) => known.add(element));
    };
    const observer = new MutationObserver((mutations) => {
      const touched = new Map<Element, Politeness>();
      for (const mutation of mutations) {
        const nodes = mutation.type === 'characterData' ? [mutation.target] : [...mutation.addedNodes];
        for (const node of nodes) {
          const region = regionOf(node);
          if (region && known.has(region.element)) touched.set(region.element, region.politeness);
          if (node instanceof Element) {
            const alerts = [...(node.matches('[role="alert"]') ? [node] : []), ...node.querySelectorAll('[role="alert"]')];
            alerts.forEach((alert) => touched.set(alert, 'assertive'));
          }
        }
      }
      for (const [element, politeness] of touched) {
        const text = element.textContent?.replace(/\s+/g, ' ').trim();
        if (text) log.push({ text, politeness });
      }
      scan();
    });
    const start = () => {
      scan();
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    };
    if (document.body) start();
    else document.addEventListener('DOMContentLoaded', start, { once: true });
  });
}

/** Everything announced so far in the page, oldest first. */
export function announcements(page: Page): Promise<Announcement[]> {
  return page.evaluate(() => (window as unknown as { __announcements: Announcement[] }).__announcements ?? []);
}
