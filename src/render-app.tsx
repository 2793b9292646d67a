/**
 * Renders the app into the page. React's DOM renderer and the shell come as a chunk of their own, which
 * the page fetches beside the entry (scripts/preload-app-chunk.ts), so the small entry can ask for the
 * first page's chunk, catalog and picture before this larger chunk is in (src/main.tsx).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

export function renderApp(): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
