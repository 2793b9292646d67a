/**
 * One of the app's pictures, as the page lays it out: its size set (no layout shift), loaded lazily
 * unless it is the page's first, which loads at once and first. The pictures are illustrations beside a
 * heading that names the place, so they carry no text of their own (empty alt).
 */
import { PICTURE_HEIGHT, PICTURE_WIDTH } from '../content/venue-images';

export function Picture({ src, first = false, className }: { src: string; first?: boolean; className?: string }) {
  return (
    <img
      className={className ? `picture ${className}` : 'picture'}
      src={src}
      alt=""
      width={PICTURE_WIDTH}
      height={PICTURE_HEIGHT}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      decoding={first ? undefined : 'async'}
    />
  );
}
