/**
 * Every route of src/navigation/routes.ts, at the phone size (390x844) and the tablet size (820x1180),
 * reached with what it needs (route-tour.ts), in one walk per group with every check at each stop:
 * - axe finds no violations;
 * - the page is not blank, does not scroll sideways, and shows no untranslated text: a raw message id
 *   or a placeholder (e2e/screenshots/page-checks.ts);
 * - at the phone size it is then switched to Japanese with the language menu, checked again, English
 *   included, and switched back. The narrowest width is where a longer language would spill; which words
 *   a page shows does not depend on its width. English in Japanese is gathered along a tour and asserted
 *   at its end, so one run lists every page's.
 *
 * The staff console's pages get the axe check. With SAVE_SCREENSHOTS=1 (`npm run screenshots`) each
 * guest page is also saved, in English, as e2e/screenshots/<size>/<route>.png.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '../support/fixtures';
import { englishProblems, expectNoHorizontalOverflow, expectNotBlank, expectTranslated } from '../screenshots/page-checks';
import { expectNoAxeViolations } from './axe';
import { GROUP_ROUTES, memberPages, publicPages, ROUTE_PATHS, settled, staffPages, wizardPages, type Visit } from './route-tour';

/** Each size books on its own day, so the two runs never take each other's tables. */
const DAY_BY_PROJECT: Record<string, number> = { phone: 21, tablet: 22 };
/** The staff tour's booking days (it books at 1:00 pm on its own days). */
const STAFF_DAY_BY_PROJECT: Record<string, number> = { phone: 25, tablet: 26 };
const SAVE = Boolean(process.env.SAVE_SCREENSHOTS);
const OTHER_LANGUAGE = 'ja';

/** The file name of a route's screenshot: `/` is `root`, `/pages/book` is `book`. */
const screenshotName = (route: string) => (route === '/' ? 'root' : route.replace(/^\/pages\//, ''));

/** Chooses a language in the navigation bar's menu and waits until the page shows it, data and all. */
async function switchLanguage(page: Page, locale: string): Promise<void> {
  await page.locator('.topbar select').selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await settled(page);
}

/** The guest pages' checks; `englishInJapanese` gathers, by route, the English its Japanese pages showed. */
function guestChecks(seen: string[], project: string, englishInJapanese: string[]): Visit {
  const dir = new URL(`../screenshots/${project}/`, import.meta.url);
  if (SAVE) mkdirSync(dir, { recursive: true });
  return async (route, page) => {
    seen.push(route);
    const where = `${route} at ${project} size`;
    await expectNoAxeViolations(page, `${route} (${page.viewportSize()?.width}x${page.viewportSize()?.height})`);
    await expectNotBlank(page, where);
    await expectNoHorizontalOverflow(page, where);
    await expectTranslated(page, 'en', where);
    // At CSS pixels (not the device's 2-3x): the layout is what is reviewed, and the files stay small.
    if (SAVE) await page.screenshot({ path: new URL(`${screenshotName(route)}.png`, dir).pathname, fullPage: true, scale: 'css' });
    if (project !== 'phone') return;

    await switchLanguage(page, OTHER_LANGUAGE);
    await expectNotBlank(page, `${where} in ${OTHER_LANGUAGE}`);
    await expectNoHorizontalOverflow(page, `${where} in ${OTHER_LANGUAGE}`);
    await expectTranslated(page, OTHER_LANGUAGE, where);
    englishInJapanese.push(...(await englishProblems(page, OTHER_LANGUAGE)).map((problem) => `${route}: ${problem}`));
    await switchLanguage(page, 'en');
  };
}

function axeOnly(seen: string[]): Visit {
  return async (route, page) => {
    seen.push(route);
    await expectNoAxeViolations(page, `${route} (${page.viewportSize()?.width}x${page.viewportSize()?.height})`);
  };
}

test('the tour covers every route of the route table', () => {
  expect([...Object.values(GROUP_ROUTES).flat()].sort()).toEqual([...ROUTE_PATHS].sort());
});

test('public pages', async ({ page, server, clocks }, testInfo) => {
  test.setTimeout(150_000);
  const seen: string[] = [];
  const english: string[] = [];
  const project = testInfo.project.name;
  await publicPages({ page, server, clocks, day: DAY_BY_PROJECT[project]!, visit: guestChecks(seen, project, english) });
  expect(seen).toEqual(GROUP_ROUTES.public);
  expect(english, 'English on the Japanese pages').toEqual([]);
});

test("the member's account pages", async ({ page, server, clocks }, testInfo) => {
  test.setTimeout(90_000);
  const seen: string[] = [];
  const english: string[] = [];
  const project = testInfo.project.name;
  await memberPages({ page, server, clocks, day: DAY_BY_PROJECT[project]!, visit: guestChecks(seen, project, english) });
  expect(seen).toEqual(GROUP_ROUTES.member);
  expect(english, 'English on the Japanese pages').toEqual([]);
});

test('the booking wizard, step by step', async ({ page, server, clocks }, testInfo) => {
  test.setTimeout(180_000);
  const seen: string[] = [];
  const english: string[] = [];
  const project = testInfo.project.name;
  await wizardPages({ page, server, clocks, day: DAY_BY_PROJECT[project]!, visit: guestChecks(seen, project, english) });
  expect(seen).toEqual(GROUP_ROUTES.wizard);
  expect(english, 'English on the Japanese pages').toEqual([]);
});

test('the staff console', async ({ page, server, clocks }, testInfo) => {
  // A tour of every staff page with axe on each, like the other tours: more than a minute on a busy machine.
  test.setTimeout(120_000);
  const seen: string[] = [];
  await staffPages({ page, server, clocks, day: STAFF_DAY_BY_PROJECT[testInfo.project.name]!, visit: axeOnly(seen) });
  expect(seen).toEqual(GROUP_ROUTES.staff);
});
