/**
 * The page asks for the app's renderer chunk (src/render-app.tsx, which the entry imports lazily) with
 * the entry itself, instead of after the entry has run: a `modulepreload` for it and its imports.
 */
import type { Plugin } from 'vite';

/** The module the entry loads lazily and every visit needs at once (`npm run size` counts it at start too). */
export const APP_CHUNK_SOURCE = 'src/render-app.tsx';

export function preloadAppChunk(): Plugin {
  return {
    name: 'preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(APP_CHUNK_SOURCE));
        if (!chunk) throw new Error(`preload-app-chunk: no chunk for ${APP_CHUNK_SOURCE}`);
        const files = [chunk.fileName, ...chunk.imports].filter((file) => !html.includes(`/${file}"`));
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}
