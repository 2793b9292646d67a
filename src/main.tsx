import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadPage } from './components/page-loader';
import { activateLocale, initialLocale } from './i18n/i18n';
import { firstPicture, preloadPicture } from './navigation/first-picture';
import { currentHashPath, currentHashSearch } from './navigation/hash-location';
import { parseQuery } from './navigation/navigator';
import { routeByPath } from './navigation/routes';
import './styles.css';

// The first page's chunk and picture download beside the catalog rather than after it and after the render.
// Not a staff page: its catalog must join after the language is active (addPartCatalog).
const firstRoute = routeByPath(currentHashPath());
if (firstRoute && firstRoute.area !== 'staff') preloadPage(firstRoute);
const picture = firstRoute && firstPicture(firstRoute.name, parseQuery(currentHashSearch()));
if (picture) preloadPicture(picture);
await activateLocale(initialLocale());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
