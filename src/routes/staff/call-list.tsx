/** The call list (/pages/staff/call-list?venue=…&date=…): the day's guests asked to reconfirm who have not, to call. */
import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../navigation/routes';
import { CallListView } from '../../staff/reconfirmation/call-list-view';
import { StaffShell } from '../../staff/staff-shell';

export default function StaffCallListPage({ query }: PageProps) {
  const { t } = useLingui();
  return (
    <StaffShell section="call-list" title={t`Call list`} query={query}>
      {({ venue, date }) => <CallListView key={`${venue.value}-${date}`} venueId={venue.value} date={date} />}
    </StaffShell>
  );
}
