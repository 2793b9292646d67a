/** The old address of the venue's texts, services, picture and menus: now the Set-up's Venue tab. */
import { useEffect } from 'react';
import { DelayedIndicator } from '../../components/page-loader';
import { redirectTo } from '../../navigation/navigator';
import type { PageProps } from '../../navigation/routes';

export default function StaffSetupVenuePage({ query }: PageProps) {
  useEffect(() => redirectTo('staff-setup', { ...query, tab: 'venue' }), [query]);
  return <DelayedIndicator />;
}
