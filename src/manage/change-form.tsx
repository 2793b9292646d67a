/**
 * The change form of a reservation, driven by the manage chart and built from the wizard's parts (its day
 * list, party sizes, times by service and dining areas): a new date or party size re-checks the times; saving first shows what the change costs; a difference to pay is paid before the change is made
 * (the wallet with it, or the card while the new time is held).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import type { ActorRefFrom, SnapshotFrom, EventFrom } from 'xstate';
import { areaOptions, manageMachine, timeOptions } from '../../machines/manage.machine';
import type { paymentMachine } from '../../machines/payment.machine';
import { PaymentPanel } from '../payment/payment-panel';
import { HoldCountdownOf } from '../components/hold-countdown';
import { useFocusOnMount } from '../components/use-focus-on-mount';
import { api } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { venueKey } from '../api/query-keys';
import { useApiQuery } from '../api/use-api-query';
import { useServerToday } from '../api/use-server-today';
import { FormMessage } from '../components/form';
import { DaySelect } from '../components/day-select';
import { DiningAreaChoices } from '../components/dining-area-choices';
import { PartySizeSelect } from '../components/party-size-select';
import { TimeButtons } from '../booking/time-buttons';
import { useIsLoggedIn } from '../session/session-provider';
import { useHashPath, useHashSearch } from '../navigation/hash-location';
import { addDays } from '../../common/time';
import { MAX_PARTY_SIZE } from '../../common/venues';
import { useFormats } from '../i18n/use-formats';
import { useManageProblemText } from './manage-problem-text';
import { ChangeQuoteLines } from './change-quote';
import { DepositTierLine } from '../components/deposit-tier-line';

type Snapshot = SnapshotFrom<typeof manageMachine>;
type Send = (event: EventFrom<typeof manageMachine>) => void;

/** The change form in the page: a new date or party size re-checks the times; the server re-checks on save. */
export function ChangeForm({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  if (snapshot.matches({ changing: 'paying' }) || snapshot.matches({ changing: 'givingUp' }) || snapshot.matches({ changing: 'reloading' })) {
    return <ChangePayment snapshot={snapshot} send={send} />;
  }
  if (snapshot.matches({ changing: 'reviewing' }) || snapshot.matches({ changing: 'submitting' }) || snapshot.matches({ changing: 'submittingWithWallet' }) || snapshot.matches({ changing: 'holding' })) {
    return <ChangeReview snapshot={snapshot} send={send} />;
  }
  return <ChangeDraftForm snapshot={snapshot} send={send} />;
}

/** How far ahead the day list reaches, as the wizard's (the server refuses a day beyond the booking window). */
const BOOKABLE_DAYS = 90;

/**
 * The change as the wizard asks a booking: the day from the wizard's list of days, the party size as its
 * date step writes it, the wizard's time buttons by service (members' services marked as it marks them),
 * and the dining areas free at the time picked.
 */
function ChangeDraftForm({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const { t } = useLingui();
  const problemText = useManageProblemText();
  const { reservation, draft, problem } = snapshot.context;
  const domain = reservation!.venue.domain;
  // The venue's online party sizes.
  const venue = useVenueOf(domain);
  const minGuests = venue.status === 'ready' ? venue.data.data.onlineMinGuests : 1;
  const maxGuests = venue.status === 'ready' ? venue.data.data.onlineMaxGuests : MAX_PARTY_SIZE;
  const checking = snapshot.matches({ changing: 'loadingSlots' });
  const saving = snapshot.matches({ changing: 'quoting' });
  const options = timeOptions(snapshot.context);
  const areas = areaOptions(snapshot.context);
  const slots = options.map((minutes) => ({ startTime: minutes, titleStr: serviceOf(snapshot.context.timeslots, minutes, t`Your booked time`) }));
  const { membersOnlyTimes } = snapshot.context;
  const loggedIn = useIsLoggedIn();
  // A member logging in comes back to this page (the manage link's address keeps its token).
  const [path] = useHashPath();
  const search = useHashSearch();
  const here = search ? `${path}?${search}` : path;
  const today = useServerToday();
  if (!draft) return null;

  const sizes: number[] = [];
  for (let n = Math.min(minGuests, draft.numberOfGuests); n <= Math.max(maxGuests, draft.numberOfGuests); n++) sizes.push(n);

  function submit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'change.submit' });
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t`Change reservation`}>
      <h2>
        <Trans>Change reservation</Trans>
      </h2>
      <DaySelect
        label={t`Date`}
        name="date"
        first={today}
        last={addDays(today, BOOKABLE_DAYS)}
        value={draft.date}
        disabled={saving}
        onDay={(date) => send({ type: 'change.edit', date, numberOfGuests: draft.numberOfGuests })}
      />
      <PartySizeSelect label={t`Guests`} sizes={sizes} value={draft.numberOfGuests} disabled={saving} onSize={(numberOfGuests) => send({ type: 'change.edit', date: draft.date, numberOfGuests })} />
      <fieldset className="field" aria-busy={checking} aria-describedby={checking ? 'change-times-checking' : undefined}>
        <legend className="field__label">
          <Trans>Time</Trans>
        </legend>
        {checking && (
          <p id="change-times-checking" className="field__hint" role="status">
            {t`Checking availability…`}
          </p>
        )}
        {/* The wizard's time buttons, the picked one pressed; kept on screen (disabled) while a new day's times are read, so nothing jumps. */}
        <TimeButtons
          timeslots={slots}
          selected={draft.startTime}
          disabled={checking || saving}
          level={3}
          onPick={(startTime) => send({ type: 'change.pick', startTime })}
          membersOnly={checking ? undefined : { services: membersOnlyTimes, loggedIn, redirect: here }}
        />
      </fieldset>
      {!checking && options.length === 0 && problem?.kind !== 'slots' && (
        <p className="muted" role="status">
          <Trans>No time slot available</Trans>
        </p>
      )}
      {!checking && areas.length > 0 && (
        <fieldset className="field" disabled={saving}>
          <legend className="field__label">
            <Trans>Dining area</Trans>
          </legend>
          <DiningAreaChoices areas={areas} selected={draft.seatingAreaId} onPick={(seatingAreaId) => send({ type: 'change.seat', seatingAreaId })} />
        </fieldset>
      )}
      <FormMessage error={problemText(problem) ?? null} />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={checking || saving || draft.startTime === null}>
          {saving ? t`Checking…` : t`Continue`}
        </button>
        <button type="button" className="button" disabled={saving} onClick={() => send({ type: 'change.discard' })}>
          <Trans>Keep it as it is</Trans>
        </button>
      </div>
    </form>
  );
}

/** The service a time is served in (the booking's own time, off the free list, is named as such when no free slot shares it). */
function serviceOf(slots: readonly { startTime: number; titleStr: string }[], minutes: number, ownTime: string): string {
  return slots.find((slot) => slot.startTime === minutes)?.titleStr ?? ownTime;
}

/** The venue of the booking, shared with the venue pages' read of the same venue. */
function useVenueOf(domain: string) {
  return useApiQuery(venueKey(domain), () => unwrap(api.GET('/public/venue/by-domain/{domain}', { params: { path: { domain } } })));
}

/** Before saving: the change as asked, what it costs, and how to pay a difference. */
function ChangeReview({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const { t } = useLingui();
  const problemText = useManageProblemText();
  const format = useFormats();
  const { reservation, draft, quote, problem } = snapshot.context;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const busy = !snapshot.matches({ changing: 'reviewing' });
  // The experience's deposit tiers, to say why the price changed.
  const venue = useVenueOf(reservation!.venue.domain);
  const experience = venue.status === 'ready' ? venue.data.data.experiences.find((e) => e._id === reservation!.experience._id) : undefined;
  if (!draft || !quote) return null;
  const areaName = areaOptions(snapshot.context).find((area) => area._id === draft.seatingAreaId)?.name ?? t`No preference`;
  const more = quote.difference > 0;
  const wallet = snapshot.can({ type: 'change.payWallet' });
  const amount = format.money(quote.difference);
  return (
    <section aria-labelledby="change-review-title">
      <h2 id="change-review-title" ref={heading} tabIndex={-1}>
        <Trans>Check your change</Trans>
      </h2>
      <p>
        <Trans>
          {format.date(draft.date)} at {format.time(draft.startTime!)}, {draft.numberOfGuests} guests
        </Trans>
      </p>
      <p>{t`Dining area: ${areaName}`}</p>
      <ChangeQuoteLines quote={quote} deposit={reservation!.payment.prePaymentType === 'DEPOSIT'} />
      <DepositTierLine policy={experience} numberOfGuests={draft.numberOfGuests} />
      <FormMessage error={problemText(problem) ?? null} />
      <div className="actions">
        {!more && (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => send({ type: 'change.confirm' })}>
            {busy ? t`Saving…` : t`Save changes`}
          </button>
        )}
        {more && (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => send({ type: 'change.payCard' })}>
            <Trans>Pay {amount} by card</Trans>
          </button>
        )}
        {more && wallet && (
          <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'change.payWallet' })}>
            <Trans>Pay {amount} from my Club wallet</Trans>
          </button>
        )}
        <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'change.back' })}>
          <Trans>Back</Trans>
        </button>
      </div>
    </section>
  );
}

/** The difference paid by card while the new time is held; the booking stays as it was until the payment succeeds. */
function ChangePayment({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const { t } = useLingui();
  const format = useFormats();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const { hold, clockOffsetMs } = snapshot.context;
  const payment = snapshot.children.pay as ActorRefFrom<typeof paymentMachine> | undefined;
  const paying = snapshot.matches({ changing: 'paying' });
  return (
    <section aria-labelledby="change-payment-title">
      <h2 id="change-payment-title" ref={heading} tabIndex={-1}>
        <Trans>Pay the difference</Trans>
      </h2>
      {hold && (
        <>
          <p>
            <Trans>
              Your booking changes to {format.date(hold.date)} at {format.time(hold.startTime)}, {hold.numberOfGuests} guests, once{' '}
              {format.money(hold.difference)} is paid. Until then it stays as it is.
            </Trans>
          </p>
          <HoldCountdownOf expiresAt={hold.holdExpiresAt} offset={clockOffsetMs} />
        </>
      )}
      {payment && paying && <PaymentPanel actor={payment} />}
      {!paying && <p role="status">{t`One moment…`}</p>}
      <div className="actions">
        <button type="button" className="button" disabled={!paying} onClick={() => send({ type: 'change.back' })}>
          <Trans>Keep my booking as it was</Trans>
        </button>
      </div>
    </section>
  );
}
