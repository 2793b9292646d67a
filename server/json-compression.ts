/**
 * Compresses the API's JSON answers (brotli, else gzip, by Accept-Encoding). Only JSON: files come
 * precompressed (static-files.ts) or already compressed (PDFs), and a stream (server-sent events) must
 * not wait for its end. Small answers stay as they are: under a kilobyte, compressing saves next to nothing.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { negotiateCoding, type ContentCoding } from './lib/negotiation';

/** Answers smaller than this many bytes go uncompressed. */
export const JSON_COMPRESSION_THRESHOLD = 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;

export const compressors: Record<ContentCoding, (body: Uint8Array) => Promise<Uint8Array>> = {
  // Quality 5: close to the best ratio for JSON at a small fraction of brotli's top-quality time.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    }),
  gzip: (body) => promisify(gzip)(body),
};

export function jsonCompression(threshold = JSON_COMPRESSION_THRESHOLD): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || res.headers.has('Content-Encoding') || !JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.byteLength < threshold) {
      c.res = new Response(body, res); // it was read: send it on as it was
      return;
    }
    const coding = negotiateCoding(c.req.header('Accept-Encoding'), ['br', 'gzip']);
    const sent = coding ? new Uint8Array(await compressors[coding](body)) : body;
    c.res = new Response(sent, res);
    c.res.headers.append('Vary', 'Accept-Encoding');
    c.res.headers.set('Content-Length', String(sent.byteLength));
    if (coding) c.res.headers.set('Content-Encoding', coding);
  };
}
