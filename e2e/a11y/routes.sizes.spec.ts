/**
 * axe finds no violations on any route, at the phone size (390x844) and the tablet size (820x1180):
 * every route of src/navigation/routes.ts, reached with what it needs (see route-tour.ts).
 */
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from './axe';
import { GROUP_ROUTES, memberPages, publicPages, ROUTE_PATHS, staffPages, wizardPages, type Visit } from './route-tour';

/** Each size books on its own day, so the two runs never take each other's tables. */
const DAY_BY_PROJECT: Record<string, number> = { phone: 21, tablet: 22 };
/** The staff tour's booking days (it books at 1:00 pm on its own days). */
const STAFF_DAY_BY_PROJECT: Record<string, number> = { phone: 25, tablet: 26 };

function checker(seen: string[]): Visit {
  return async (route, page) => {
    seen.push(route);
    await expectNoAxeViolations(page, `${route} (${page.viewportSize()?.width}x${page.viewportSize()?.height})`);
  };
}

test('the tour covers every route of the route table', () => {
  expect([...Object.values(GROUP_ROUTES).flat()].sort()).toEqual([...ROUTE_PATHS].sort());
});

test('public pages', async ({ page, server, clocks }, testInfo) => {
  const seen: string[] = [];
  await publicPages({ page, server, clocks, day: DAY_BY_PROJECT[testInfo.project.name]!, visit: checker(seen) });
  expect(seen).toEqual(GROUP_ROUTES.public);
});

test("the member's account pages", async ({ page, server, clocks }, testInfo) => {
  const seen: string[] = [];
  await memberPages({ page, server, clocks, day: DAY_BY_PROJECT[testInfo.project.name]!, visit: checker(seen) });
  expect(seen).toEqual(GROUP_ROUTES.member);
});

test('the booking wizard, step by step', async ({ page, server, clocks }, testInfo) => {
  test.setTimeout(120_000);
  const seen: string[] = [];
  await wizardPages({ page, server, clocks, day: DAY_BY_PROJECT[testInfo.project.name]!, visit: checker(seen) });
  expect(seen).toEqual(GROUP_ROUTES.wizard);
});

test('the staff console', async ({ page, server, clocks }, testInfo) => {
  const seen: string[] = [];
  await staffPages({ page, server, clocks, day: STAFF_DAY_BY_PROJECT[testInfo.project.name]!, visit: checker(seen) });
  expect(seen).toEqual(GROUP_ROUTES.staff);
});
