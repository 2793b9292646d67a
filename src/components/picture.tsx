/**
 * One of the app's pictures, as the page lays it out: its size set (no layout shift), loaded lazily
 * unless it is the page's first, which loads at once and first. The pictures are illustrations beside a
 * heading that names the place, so they carry no text of their own (empty alt). An uploaded picture
 * comes in several widths (`srcSet`), of which the browser fetches the one its screen needs.
 */
import { PICTURE_HEIGHT, PICTURE_WIDTH } from '../content/venue-images';
import { PICTURE_SIZES } from '../../common/published-venue-texts';


export function Picture({
  src,
  srcSet,
  first = false,
  className,
  marker,
}: {
  src: string;
  srcSet?: string;
  first?: boolean;
  className?: string;
  /** The first view's marker (`data-fv`), so the server can put an uploaded picture in its place. */
  marker?: Record<string, string>;
}) {
  return (
    <img
      {...marker}
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
