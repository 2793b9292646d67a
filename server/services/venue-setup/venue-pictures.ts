/**
 * A venue's picture uploaded in the set-up: checked to be a JPEG, PNG or WebP by its content,
 * limited in bytes and, from its header, in pixels, then resized by sharp to the 3:2 frame the pages reserve (src/components/picture.tsx),
 * at the widths a phone, a retina phone and the wide layout draw it, as WebP. Each file's URL holds the
 * hash of its bytes, so a URL's content never changes and is cached for good; a new upload has new URLs.
 * Files live in the database, so every server process serves them.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps, AuthUser } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { pictureFiles, venuePictures, venues } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { recordSetupChange } from '../audit/setup-audit';
import { catalogChanged, venueNotFound } from '../booking-rules/venue-catalog';
import { pictureTypeOf } from './upload-checks';
import { oneAtATime } from '../../lib/one-at-a-time';
import { ERROR_CODES } from '../../../common/api/error-codes';

/** The largest picture accepted. */
export const MAX_PICTURE_BYTES = 8 * 1024 * 1024;
/** Where the files are served: `/public/picture/{hash}-{width}.webp`. */
export const PICTURE_URL_PREFIX = '/public/picture/';
/** The widths drawn: the 450-wide phone layout at 1x and 2x, and the wide layout's column at 2x. */
export const PICTURE_WIDTHS = [480, 960, 1200] as const;
const RATIO = 2 / 3;
/**
 * The most pixels a picture may have: 40 Mpx holds a 36-Mpx camera's 7360×4912 and any phone's default
 * photo (12 to 24 Mpx), far more than the 1200-pixel frame needs. A decompression bomb (a 190 KB PNG of
 * 49 Mpx cost 170 MB to decode) is refused from its header, before any pixel is decoded.
 */
export const MAX_PICTURE_PIXELS = 40_000_000;

/**
 * Pictures are resized one at a time in the whole process, so four uploads side by side hold the memory
 * of one (each waits its turn); libvips keeps no cache of earlier operations (an upload is never
 * resized twice) and runs one thread per picture.
 */
export const pictureWork = oneAtATime();
// sharp, loaded with the first picture: a server that resizes none keeps libvips out of its memory (npm run bench:start).
const importSharp = () =>
  import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
let sharpLoaded: ReturnType<typeof importSharp> | undefined;
const loadSharp = () => (sharpLoaded ??= importSharp());

/** A venue's picture as the pages draw it. */
export interface VenuePicture {
  src: string;
  srcset: string;
  width: number;
  height: number;
}

const notAPicture = () =>
  new ApiError(415, ERROR_CODES.PICTURE_NOT_ACCEPTED, /*i18n*/ 'The picture must be a JPEG, PNG or WebP image.');

const tooManyPixels = (width: number, height: number) =>
  new ApiError(
    413,
    ERROR_CODES.UPLOAD_TOO_LARGE,
    /*i18n*/ 'The picture is {width} × {height} pixels, more than the {megapixels} million pixels accepted. Please save it smaller and upload it again.',
    undefined,
    { width, height, megapixels: MAX_PICTURE_PIXELS / 1_000_000 },
  );

export const tooLarge = (megabytes: number) =>
  new ApiError(413, ERROR_CODES.UPLOAD_TOO_LARGE, /*i18n*/ 'The file is too large: it may be at most {size} MB.', undefined, { size: megabytes });

const fileName = (hash: string, width: number) => `${hash}-${width}.webp`;

/** The picture of a stored hash. */
export function pictureOf(hash: string): VenuePicture {
  const largest: number = PICTURE_WIDTHS[2];
  return {
    src: `${PICTURE_URL_PREFIX}${fileName(hash, 960)}`,
    srcset: PICTURE_WIDTHS.map((w) => `${PICTURE_URL_PREFIX}${fileName(hash, w)} ${w}w`).join(', '),
    width: largest,
    height: Math.round(largest * RATIO),
  };
}

/** The venue's uploaded picture, if any. */
export async function venuePictureOf(db: DbOrTx, venueId: string): Promise<VenuePicture | null> {
  const [row] = await db.select({ hash: venuePictures.hash }).from(venuePictures).where(eq(venuePictures.venueId, venueId)).limit(1);
  return row ? pictureOf(row.hash) : null;
}

/** Reads the header only (no pixel is decoded): 415 when it is unreadable, 413 over `MAX_PICTURE_PIXELS`. */
async function checkDimensions(bytes: Uint8Array): Promise<void> {
  const sharp = await loadSharp();
  let size: { width?: number; height?: number };
  try {
    size = await sharp(bytes).metadata();
  } catch {
    throw notAPicture();
  }
  if (!size.width || !size.height) throw notAPicture();
  if (size.width * size.height > MAX_PICTURE_PIXELS) throw tooManyPixels(size.width, size.height);
}

/**
 * The files at each width, decoded once: the original is shrunk to the largest width, the smaller ones
 * are made from that, one after another, so one picture holds one decoder's memory at a time.
 */
async function resized(bytes: Uint8Array): Promise<{ width: number; body: Buffer }[]> {
  const largest = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1]!;
  const sharp = await loadSharp();
  try {
    const frame = await sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize(largest, Math.round(largest * RATIO), { fit: 'cover' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const files: { width: number; body: Buffer }[] = [];
    for (const width of PICTURE_WIDTHS) {
      const body = await sharp(frame.data, { raw: frame.info })
        .resize(width, Math.round(width * RATIO))
        .webp({ quality: 78 })
        .toBuffer();
      files.push({ width, body });
    }
    return files;
  } catch {
    // The first bytes said picture, the rest is not one sharp can read: the same answer as any non-picture.
    throw notAPicture();
  }
}

/**
 * Takes the venue's new picture: 413 20133 over `MAX_PICTURE_BYTES` or `MAX_PICTURE_PIXELS`, 415 20131 when its content is no
 * JPEG, PNG or WebP; audited with the old and new files; every process shows it on its next request.
 */
export async function uploadVenuePicture(deps: AppDeps, actor: AuthUser, venueId: string, bytes: Uint8Array): Promise<VenuePicture> {
  if (bytes.byteLength > MAX_PICTURE_BYTES) throw tooLarge(MAX_PICTURE_BYTES / 1024 / 1024);
  if (!pictureTypeOf(bytes)) throw notAPicture();
  await checkDimensions(bytes);
  const [venue] = await deps.db.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId)).limit(1);
  if (!venue) throw venueNotFound();
  const files = await pictureWork.run(() => resized(bytes));
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 22).replace(/[-_]/g, 'x');
  return deps.db.transaction(async (tx) => {
    const before = await venuePictureOf(tx, venueId);
    await tx
      .insert(pictureFiles)
      .values(files.map((f) => ({ hash, variant: fileName(hash, f.width), contentType: 'image/webp', body: new Uint8Array(f.body) })))
      .onConflictDoNothing();
    const at = deps.clock.now();
    await tx
      .insert(venuePictures)
      .values({ venueId, hash, uploadedAt: at })
      .onConflictDoUpdate({ target: venuePictures.venueId, set: { hash, uploadedAt: at } });
    await catalogChanged(tx);
    const after = pictureOf(hash);
    await recordSetupChange(tx, { actorId: actor.id, venueId, entity: 'venue', entityId: venueId, before: { picture: before }, after: { picture: after }, at });
    return after;
  });
}

/**
 * Goes back to the picture the app ships for the venue (a wrong upload undone): audited with the file
 * left; the files stay, at their own URLs, for pages already cached. Every process shows it on its next
 * request. Nothing to undo answers the same.
 */
export async function removeVenuePicture(deps: AppDeps, actor: AuthUser, venueId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [venue] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId)).for('update');
    if (!venue) throw venueNotFound();
    const before = await venuePictureOf(tx, venueId);
    if (!before) return;
    await tx.delete(venuePictures).where(eq(venuePictures.venueId, venueId));
    await catalogChanged(tx);
    await recordSetupChange(tx, { actorId: actor.id, venueId, entity: 'venue', entityId: venueId, before: { picture: before }, after: { picture: null }, at: deps.clock.now() });
  });
}

/** A stored picture file by its URL's name, or null. */
export async function findPictureFile(db: Db, name: string): Promise<{ body: Uint8Array; contentType: string } | null> {
  const hash = name.slice(0, name.lastIndexOf('-'));
  const [row] = await db
    .select({ body: pictureFiles.body, contentType: pictureFiles.contentType })
    .from(pictureFiles)
    .where(and(eq(pictureFiles.hash, hash), inArray(pictureFiles.variant, [name])))
    .limit(1);
  return row ?? null;
}
