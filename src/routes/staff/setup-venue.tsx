/** Venue set-up (/pages/staff/setup-venue?venue=…): a venue's texts, services, picture and menus, for admins. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { VenueSetupView } from '../../staff/setup-venue/venue-setup-view';
import { StaffShell } from '../../staff/staff-shell';

export default function StaffSetupVenuePage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="setup-venue" title={t`Venue set-up`} query={query}>
      {({ venue }) => <VenueSetupView key={venue.value} venueId={venue.value} />}
    </StaffShell>
  );
}
