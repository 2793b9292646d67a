import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { activateLocale, initialLocale } from './i18n/i18n';
import { currentHashPath } from './navigation/hash-location';
import { routeByPath } from './navigation/routes';
import './styles.css';

// The first page's chunk downloads beside the catalog rather than after it: one round trip less before the
// first paint (the page loader's import then finds it loaded). Not a staff page: its catalog must join after
// the language is active (addPartCatalog).
const firstRoute = routeByPath(currentHashPath());
if (firstRoute && firstRoute.area !== 'staff') void firstRoute.load().catch(() => undefined);
await activateLocale(initialLocale());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
