/**
 * The navigation's "Log in" link: it brings the visitor back to the page they were on, so a member lands
 * where they were going. From Home or the log-in pages themselves there is nowhere to come back to, and
 * the log-in page takes them to their reservations.
 */
import { useHashPath, useHashSearch } from '../navigation/hash-location';
import { href } from '../navigation/navigator';
import type { RouteDef } from '../navigation/routes';

export function useLoginHref(current: RouteDef | undefined): string {
  const [path] = useHashPath();
  const search = useHashSearch();
  const nowhereToReturn = !current || current.nav === 'home' || current.nav === 'login';
  return nowhereToReturn ? href('login') : href('login', { redirect: search ? `${path}?${search}` : path });
}
