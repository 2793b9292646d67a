/**
 * One of the app's pictures, as the page lays it out: its size set (no layout shift), loaded lazily
 * unless it is the page's first, which loads at once and first. The pictures are illustrations beside a
 * heading that names the place, so they carry no text of their own (empty alt). An uploaded picture
 * comes in several widths (`srcSet`), of which the browser fetches the one its screen needs.
 */
import { PICTURE_HEIGHT, PICTURE_WIDTH } from '../content/venue-images';

/** How wide a picture is drawn: the phone layout's column (at most 450), or half the wide layout. */
const PICTURE_SIZES = '(min-width: 768px) 50vw, min(100vw, 450px)';

export function Picture({ src, srcSet, first = false, className }: { src: string; srcSet?: string; first?: boolean; className?: string }) {
  return (
    <img
      className={className ? `picture ${className}` : 'picture'}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? PICTURE_SIZES : undefined}
      alt=""
      width={PICTURE_WIDTH}
      height={PICTURE_HEIGHT}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      decoding={first ? undefined : 'async'}
    />
  );
}
