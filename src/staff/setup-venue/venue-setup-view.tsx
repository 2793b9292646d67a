/** One venue's set-up (docs/PRODUCT.md §2): its texts and contacts, booking windows, the host stand's late grace, its services, reconfirmation, its phone bookings' payment links, its picture and menus. */
import { useLingui } from '@lingui/react/macro';
import { unwrap } from '../../../common/api/api-error';
import { staffVenueSetupKey } from '../../api/query-keys';
import { useApiQuery } from '../../api/use-api-query';
import { ReadStatus } from '../../components/read-status';
import { Section } from '../../components/section';
import { useFailureText } from '../../i18n/message-text';
import { staffApi } from '../staff-api';
import { BookingWindowsForm } from './booking-windows-form';
import { LateGraceForm } from './late-grace-form';
import { ContentEditor } from './content-editor';
import { ReconfirmationSettingsForm } from './reconfirmation-settings-form';
import { ServicesEditor } from './services-editor';
import { VenueUploads } from './venue-uploads';
import { PayLinkForm } from './pay-link-form';

export function VenueSetupView({ venueId }: { venueId: string }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const content = useApiQuery(
    staffVenueSetupKey(venueId, 'content'),
    async () => (await unwrap(staffApi.GET('/admin/setup/venue/{venueId}/content', { params: { path: { venueId } } }))).data,
    { showError: false },
  );
  const services = useApiQuery(
    staffVenueSetupKey(venueId, 'services'),
    async () => (await unwrap(staffApi.GET('/admin/setup/venue/{venueId}/services', { params: { path: { venueId } } }))).data,
    { showError: false },
  );
  const reconfirmation = useApiQuery(
    staffVenueSetupKey(venueId, 'reconfirmation'),
    async () => (await unwrap(staffApi.GET('/admin/venue/{venueId}/reconfirmation', { params: { path: { venueId } } }))).data,
    { showError: false },
  );
  return (
    <div className="setup-venue">
      <Section title={t`Texts and contacts`}>
        <ReadStatus read={content} loading={t`Loading…`} failureText={failureText} />
        {content.status === 'ready' && (
          // A reload is a new edit: the chart starts again from the version now stored.
          <ContentEditor key={content.data.version} venueId={venueId} stored={content.data} onReload={content.reload} />
        )}
      </Section>
      <Section title={t`Booking windows`}>
        {/* The texts' read above says when it is loading or failed. */}
        {content.status === 'ready' && <BookingWindowsForm key={content.data.version} venueId={venueId} stored={content.data} onReload={content.reload} />}
      </Section>
      <Section title={t`Host stand`}>
        {content.status === 'ready' && <LateGraceForm key={content.data.version} venueId={venueId} stored={content.data} onReload={content.reload} />}
      </Section>
      <Section title={t`Services`}>
        <ReadStatus read={services} loading={t`Loading…`} failureText={failureText} />
        {services.status === 'ready' && (
          <ServicesEditor key={services.data.version} venueId={venueId} stored={services.data} onReload={services.reload} />
        )}
      </Section>
      <Section title={t`Reconfirmation`}>
        <ReadStatus read={reconfirmation} loading={t`Loading…`} failureText={failureText} />
        {reconfirmation.status === 'ready' && <ReconfirmationSettingsForm venueId={venueId} stored={reconfirmation.data} />}
      </Section>
      <Section title={t`Payment links for phone bookings`}>
        <PayLinkForm venueId={venueId} />
      </Section>
      <Section title={t`Picture and menus`}>
        <VenueUploads venueId={venueId} />
      </Section>
    </div>
  );
}
