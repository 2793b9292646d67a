// @vitest-environment jsdom
/**
 * A language's page with its first views, as the build writes it (scripts/first-view-page.ts) from the
 * page Vite writes: in the language, the app's start held in a template, a template per distinct view.
 */
import { describe, expect, it } from 'vitest';
import { pageWithFirstViews } from '../../scripts/first-view-page';

const VITE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>The Club</title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/dist-Xy1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Css1.css">
    <link rel="modulepreload" crossorigin href="/assets/render-app-Z9.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const HOME = { html: '<main><h1>ようこそ</h1></main>', title: 'ようこそ · The Club' };
const VENUE = { html: '<main><h1>Obe</h1></main>', title: 'Obe & Co · The Club' };

describe('pageWithFirstViews', () => {
  const page = pageWithFirstViews(VITE_PAGE, 'ja', { '/': HOME, '/pages/venue-detail?domain=obe': VENUE, '/pages/venue-detail?domain=': HOME }, 'assets/first-view-Q1.js');
  const document = new DOMParser().parseFromString(page, 'text/html');

  it('is in the language', () => {
    expect(document.documentElement.lang).toBe('ja');
  });

  it("holds the app's script and preloads in a template, and keeps the styles in the head", () => {
    const start = document.querySelector<HTMLTemplateElement>('head > template#app-start')!;
    expect([...start.content.querySelectorAll('script, link')].map((tag) => tag.getAttribute('src') ?? tag.getAttribute('href'))).toEqual([
      '/assets/index-AbC123.js',
      '/assets/dist-Xy1.js',
      '/assets/render-app-Z9.js',
    ]);
    expect(document.querySelectorAll('script[type="module"], link[rel="modulepreload"]')).toHaveLength(0);
    expect(document.querySelector('head > link[rel="stylesheet"]')?.getAttribute('href')).toBe('/assets/index-Css1.css');
  });

  it('has one template per distinct view, naming each address it serves and its title, then the first-view script', () => {
    const templates = [...document.querySelectorAll<HTMLTemplateElement>('body > template')];
    expect(templates.map((t) => [t.dataset.addresses, t.innerHTML, t.dataset.title])).toEqual([
      ['/ /pages/venue-detail?domain=', HOME.html, HOME.title],
      ['/pages/venue-detail?domain=obe', VENUE.html, VENUE.title],
    ]);
    expect(document.getElementById('root')!.childNodes).toHaveLength(0);
    const script = document.body.lastElementChild!;
    expect([script.tagName, script.getAttribute('src'), script.getAttribute('type')]).toEqual(['SCRIPT', '/assets/first-view-Q1.js', null]);
  });

  it('refuses a page it cannot place the views in, rather than writing one that never starts the app', () => {
    expect(() => pageWithFirstViews(VITE_PAGE.replace(/<script type="module"[^>]*><\/script>/, ''), 'ja', {}, 'f.js')).toThrow(/module script/);
    expect(() => pageWithFirstViews(VITE_PAGE.replace('<div id="root"></div>', '<div id="root">x</div>'), 'ja', {}, 'f.js')).toThrow(/empty root/);
  });
});
