/**
 * A language's page with its first views (scripts/write-first-views.ts): the templates, the first-view
 * script at the end of the page, and the app's start moved into a template for that script to run.
 */
import type { Locale } from '../common/locales';
import { APP_START_TEMPLATE_ID, TEMPLATE_ADDRESSES_ATTRIBUTE, TEMPLATE_TITLE_ATTRIBUTE } from '../src/first-view/first-view-address';

/** A page as the app first renders it: the root's markup, and the document's title the page set. */
export interface FirstView {
  html: string;
  title: string;
}

/** A language's page with its first views, brotli-compressed as the server sends it: every first visit pays it. */
export const FIRST_VIEW_PAGE_BUDGET_BYTES = 5 * 1024;

/** The page that holds a language's first views, which the server serves to that language (server/static-files.ts). */
export const firstViewPage = (locale: Locale) => `index.${locale}.html`;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Vite's tags that start the app: its module script and the preloads beside it. */
const APP_START_TAGS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The page with a language's first views, each template serving every address it is the view of, and
 * the app's start moved into a template for the first-view script to run (after the view's first paint).
 */
export function pageWithFirstViews(page: string, locale: Locale, views: Record<string, FirstView>, scriptFile: string): string {
  const addressesByView = new Map<string, { view: FirstView; addresses: string[] }>();
  for (const [address, view] of Object.entries(views)) {
    const key = JSON.stringify([view.html, view.title]);
    addressesByView.set(key, { view, addresses: [...(addressesByView.get(key)?.addresses ?? []), address] });
  }
  const templates = [...addressesByView.values()]
    .map(
      ({ view, addresses }) =>
        `<template ${TEMPLATE_ADDRESSES_ATTRIBUTE}="${escapeAttribute(addresses.join(' '))}" ${TEMPLATE_TITLE_ATTRIBUTE}="${escapeAttribute(view.title)}">${view.html}</template>`,
    )
    .join('');
  const startTags = page.match(APP_START_TAGS) ?? [];
  if (!/<html lang="[^"]*">/.test(page) || !page.includes('<div id="root"></div>') || startTags.filter((tag) => tag.includes('<script')).length !== 1) {
    throw new Error('first views: the page has no <html lang>, no empty root, or not one module script');
  }
  return page
    .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
    .replace(APP_START_TAGS, '')
    .replace('</head>', `<template id="${APP_START_TEMPLATE_ID}">${startTags.join('')}</template>\n</head>`)
    .replace('<div id="root"></div>', `<div id="root"></div>${templates}<script src="/${scriptFile}"></script>`);
}

