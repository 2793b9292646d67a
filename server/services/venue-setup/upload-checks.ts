/**
 * What an uploaded file is, by its first bytes (its magic numbers), never by its name or the type the
 * browser claims: a renamed page or script is refused, whatever it is called.
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

/** Whether the bytes are a PDF: '%PDF-' at the start, and the end-of-file marker near the end. */
export function isPdf(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return false;
  const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  return tail.includes('%%EOF');
}
