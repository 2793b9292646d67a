import { preloadPage } from './components/page-loader';
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
if (firstRoute && firstRoute.area !== 'staff') preloadPage(firstRoute);
const picture = firstRoute && firstPicture(firstRoute.name, parseQuery(currentHashSearch()));
if (picture) preloadPicture(picture);
const [, { renderApp }] = await Promise.all([activateLocale(initialLocale()), import('./render-app')]);
renderApp();
