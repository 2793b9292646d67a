/**
 * Precompression of the built app: beside each text file of the build a brotli (`.br`) and a gzip (`.gz`)
 * copy at the best ratio, made once at build time so the server (server/static-files.ts) only picks one.
 * A copy that would not be smaller is not written.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text. Images, fonts (woff2) and PDFs are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|txt|xml|webmanifest|ico)$/;

const variants = [
  {
    suffix: '.br',
    compress: (data: Buffer) =>
      promisify(brotliCompress)(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
        },
      }),
  },
  { suffix: '.gz', compress: (data: Buffer) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }) },
];

/** The files under `dir`, as paths relative to it, leaving out dot folders (Vite's `.vite/manifest.json`). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(sep).some((segment) => segment.startsWith('.')));
}

/** Writes the `.br` and `.gz` copies of the compressible files under `dir`; returns the copies written. */
export async function precompressFolder(dir: string): Promise<string[]> {
  const written: string[] = [];
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(join(dir, file));
      for (const { suffix, compress } of variants) {
        const compressed = await compress(data);
        if (compressed.byteLength >= data.byteLength) continue;
        await writeFile(join(dir, file + suffix), compressed);
        written.push(file + suffix);
      }
    }),
  );
  return written.sort();
}

/** The Vite plugin: precompresses the build's output folder once it is written. */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options) {
      if (options.dir) await precompressFolder(options.dir);
    },
  };
}
