/** Which representation to send: the content coding (Accept-Encoding), and whether the cached one is still good (If-None-Match). */

/** The codings the server compresses with, best first. */
export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to answer with: of `offered` (best first), the one the request's Accept-Encoding gives the
 * highest weight, the earlier on a tie; `undefined` for the identity (none accepted, or no header).
 */
export function negotiateCoding(acceptEncoding: string | undefined, offered: readonly ContentCoding[]): ContentCoding | undefined {
  if (!acceptEncoding || offered.length === 0) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentCoding | undefined;
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}

/** Whether an If-None-Match header names `etag` ('*', or the same tag weak or strong: the weak comparison). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}
