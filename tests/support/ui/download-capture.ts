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

/**
 * A saved Blob's bytes. Which Blob a page made depends on the runtime (jsdom's lacks `arrayBuffer()` on
 * Node 26, Node's own has it), so jsdom's is read through its FileReader.
 */
export async function downloadBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** A saved Blob as UTF-8 text. */
export async function downloadText(blob: Blob): Promise<string> {
  return new TextDecoder().decode(await downloadBytes(blob));
}
