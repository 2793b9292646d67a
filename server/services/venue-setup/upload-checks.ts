/**
 * What an uploaded file is, by its content, never by its name or the type the browser claims: a picture
 * by its first bytes (its magic numbers), a PDF by parsing it. A renamed page or script is refused,
 * whatever it is called.
 */

export type PictureType = 'jpeg' | 'png' | 'webp';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The picture's format by content, or null when it is no JPEG, PNG or WebP. */
export function pictureTypeOf(bytes: Uint8Array): PictureType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Why an upload is no menu PDF: not a PDF at all (nor readable as one), locked by a password, or without a page. */
export type PdfRefusal = 'not-pdf' | 'encrypted' | 'no-pages';

/**
 * Whether the bytes are a PDF a guest can open, by parsing them with pdf-lib rather than matching its
 * markers (an HTML page between '%PDF-' and '%%EOF' was stored as a menu): it must load, with every
 * object valid, not be encrypted, and have a page tree of at least one page. Null when it is fine.
 */
export async function pdfRefusal(bytes: Uint8Array): Promise<PdfRefusal | null> {
  if (!startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'not-pdf';
  try {
    // pdf-lib loaded with the first menu uploaded: a server that takes none keeps it out of its memory (npm run bench:start).
    const { PDFDocument } = await import('pdf-lib');
    // Loaded despite a password, to tell staff that is why (pdf-lib's own error is no class to test for).
    const doc = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false, ignoreEncryption: true });
    if (doc.isEncrypted) return 'encrypted';
    // Walking the page tree finds a broken one (a page that is no page object) that the count alone misses.
    return doc.getPages().length > 0 ? null : 'no-pages';
  } catch {
    return 'not-pdf';
  }
}
