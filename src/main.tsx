import { preloadPage } from './components/page-loader';
import { FIRST_VIEW_ATTRIBUTE } from './first-view/first-view-address';
import { activateLocale, initialLocale } from './i18n/i18n';
import { firstPicture, preloadPicture } from './navigation/first-picture';
import { currentHashPath, currentHashSearch } from './navigation/hash-location';
import { parseQuery } from './navigation/navigator';
import { routeByPath } from './navigation/routes';
import './styles.css';

// The first page's chunk, its catalog and picture download beside the renderer's chunk rather than after it
// and after the render: the entry holds only what asks for them (src/render-app.tsx holds React's DOM).
// A booking, managing or paying page's catalog joins here, so it loads beside the start catalog; not a
// staff page: its catalog, imported lazily, must join after the language is active (addPartCatalog).
const firstRoute = routeByPath(currentHashPath());
const pageLoaded = firstRoute && firstRoute.area !== 'staff' ? preloadPage(firstRoute) : undefined;
const picture = firstRoute && firstPicture(firstRoute.name, parseQuery(currentHashSearch()));
if (picture) preloadPicture(picture);

// A first view (src/first-view/show-first-view.ts) stays until React replaces it with the same page: so
// React's first render waits for the page's code, never showing the frame without the page in between.
// One in another language than the app's is taken away at once.
const root = document.getElementById('root')!;
const locale = initialLocale();
if (root.hasAttribute(FIRST_VIEW_ATTRIBUTE) && locale !== document.documentElement.lang) {
  root.replaceChildren();
  root.removeAttribute(FIRST_VIEW_ATTRIBUTE);
}
const firstView = root.hasAttribute(FIRST_VIEW_ATTRIBUTE);
const [, { renderApp }] = await Promise.all([activateLocale(locale), import('./render-app'), firstView ? pageLoaded : undefined]);
renderApp();
