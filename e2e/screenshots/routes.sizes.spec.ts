/**
 * Every route at the phone size (390x844) and the tablet size (820x1180), reached with what it needs
 * (e2e/a11y/route-tour.ts). Each page is checked in English, then switched to Japanese with the language
 * menu, checked again, and switched back. A page fails when it is blank, scrolls sideways, or shows an
 * untranslated text: a raw message id or a placeholder in either language, or English in Japanese
 * (gathered along each tour and asserted at its end, so one run lists every page's English).
 *
 * With SAVE_SCREENSHOTS=1 (`npm run screenshots`) it also saves each page, in English, as
 * e2e/screenshots/<size>/<route>.png.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { GROUP_ROUTES, memberPages, publicPages, settled, wizardPages, type Visit } from '../a11y/route-tour';
import { englishProblems, expectNoHorizontalOverflow, expectNotBlank, expectTranslated } from './page-checks';

/** Each size books on its own days (the accessibility tour has 21 and 22). */
const DAY_BY_PROJECT: Record<string, number> = { phone: 23, tablet: 24 };
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

/** A tour's checks; `englishInJapanese` gathers, by route, the English its Japanese pages showed. */
function checker(seen: string[], project: string, englishInJapanese: string[]): Visit {
  const dir = new URL(`./${project}/`, import.meta.url);
  if (SAVE) mkdirSync(dir, { recursive: true });
  return async (route, page) => {
    seen.push(route);
    const where = `${route} at ${project} size`;
    await expectNotBlank(page, where);
    await expectNoHorizontalOverflow(page, where);
    await expectTranslated(page, 'en', where);
    // At CSS pixels (not the device's 2-3x): the layout is what is reviewed, and the files stay small.
    if (SAVE) await page.screenshot({ path: new URL(`${screenshotName(route)}.png`, dir).pathname, fullPage: true, scale: 'css' });

    await switchLanguage(page, OTHER_LANGUAGE);
    await expectNotBlank(page, `${where} in ${OTHER_LANGUAGE}`);
    await expectNoHorizontalOverflow(page, `${where} in ${OTHER_LANGUAGE}`);
    await expectTranslated(page, OTHER_LANGUAGE, where);
    englishInJapanese.push(...(await englishProblems(page, OTHER_LANGUAGE)).map((problem) => `${route}: ${problem}`));
    await switchLanguage(page, 'en');
  };
}

test.describe.configure({ mode: 'serial' });

test('public pages', async ({ page, server, clocks }, testInfo) => {
  test.setTimeout(120_000);
  const seen: string[] = [];
  const english: string[] = [];
  const project = testInfo.project.name;
  await publicPages({ page, server, clocks, day: DAY_BY_PROJECT[project]!, visit: checker(seen, project, english) });
  expect(seen).toEqual(GROUP_ROUTES.public);
  expect(english, 'English on the Japanese pages').toEqual([]);
});

test("the member's account pages", async ({ page, server, clocks }, testInfo) => {
  const seen: string[] = [];
  const english: string[] = [];
  const project = testInfo.project.name;
  await memberPages({ page, server, clocks, day: DAY_BY_PROJECT[project]!, visit: checker(seen, project, english) });
  expect(seen).toEqual(GROUP_ROUTES.member);
  expect(english, 'English on the Japanese pages').toEqual([]);
});

test('the booking wizard, step by step', async ({ page, server, clocks }, testInfo) => {
  test.setTimeout(150_000);
  const seen: string[] = [];
  const english: string[] = [];
  const project = testInfo.project.name;
  await wizardPages({ page, server, clocks, day: DAY_BY_PROJECT[project]!, visit: checker(seen, project, english) });
  expect(seen).toEqual(GROUP_ROUTES.wizard);
  expect(english, 'English on the Japanese pages').toEqual([]);
});
