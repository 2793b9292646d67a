/** What a page handed the browser to save: the Blob behind each object URL and the link clicked. */
import { vi } from 'vitest';

export interface SavedDownload {
  blob: Blob;
  href: string;
  download: string;
}

/**
 * jsdom has neither object URLs nor downloads: keeps each Blob, and notes a link's click instead of
 * navigating. Returns the list the clicks fill (call in `beforeEach`; vitest restores the spy).
 */
export function captureDownloads(): SavedDownload[] {
  const saved: SavedDownload[] = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const href = this.getAttribute('href') ?? '';
    saved.push({ blob: blobs.get(href)!, href, download: this.download });
  });
  return saved;
}
