/**
 * `#/dev/statechart`, in development builds only: the booking statechart, live. The app's tabs post
 * each snapshot of their booking chart (and of the phone verification and payment charts it invokes,
 * and of the session) on a BroadcastChannel; this page draws the charts and highlights the active states
 * as the wizard moves in another window. Also the switch that connects the Stately inspector.
 *
 * A tool for developers and designers, never shipped: its words are the chart's own names, not
 * translated text.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { bookingMachine } from '../../machines/booking/booking.machine';
import { paymentMachine } from '../../machines/payment.machine';
import { phoneVerificationMachine } from '../../machines/phone-verification.machine';
import { sessionMachine } from '../../machines/session.machine';
import { href } from '../navigation/navigator';
import type { PageProps } from '../navigation/routes';
import { inspectRequested, setInspectSwitch, STATECHART_CHANNEL, type ChartMessage, type HelloMessage } from './dev-inspect';
import { eventName } from './chart-model';
import { StatechartView } from './statechart-view';
import './statechart-page.css';

type Latest = Record<string, Record<string, ChartMessage>>;

/** Keeps the latest snapshot of each chart of each tab, and asks open tabs for theirs on opening. */
function useChartMessages(): Latest {
  const [latest, setLatest] = useState<Latest>({});
  useEffect(() => {
    const channel = new BroadcastChannel(STATECHART_CHANNEL);
    channel.onmessage = (event: MessageEvent<ChartMessage | HelloMessage>) => {
      const message = event.data;
      if (message.kind !== 'snapshot') return;
      setLatest((before) => ({ ...before, [message.tab]: { ...before[message.tab], [message.chart]: message } }));
    };
    channel.postMessage({ kind: 'hello' } satisfies HelloMessage);
    return () => channel.close();
  }, []);
  return latest;
}

const newest = (charts: Record<string, ChartMessage>) => Math.max(...Object.values(charts).map((m) => m.at));

export default function StatechartPage(_props: PageProps) {
  const latest = useChartMessages();
  const [pinned, setPinned] = useState<string>('');
  const [inspect, setInspect] = useState(inspectRequested);

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = 'Booking statechart (development)';
    heading.current?.focus();
  }, []);

  // Follow the tab whose booking moved last, unless one is chosen.
  const tabs = useMemo(
    () => Object.entries(latest).filter(([, charts]) => charts.booking).sort(([, a], [, b]) => newest(b) - newest(a)),
    [latest],
  );
  const tab = pinned && latest[pinned] ? pinned : tabs[0]?.[0];
  const charts = tab ? latest[tab] : undefined;
  const booking = charts?.booking;
  const payment = charts?.pay;
  const verification = charts?.verifyPhone;
  const session = Object.values(latest)
    .map((c) => c.session)
    .filter((m): m is ChartMessage => m !== undefined)
    .sort((a, b) => b.at - a.at)[0];
  const paying = booking !== undefined && JSON.stringify(booking.value).includes('awaitingPayment');
  const verifying = booking !== undefined && JSON.stringify(booking.value).includes('"verify"');

  return (
    <section className="page sc-page">
      <h1 className="page__title" tabIndex={-1} ref={heading}>
        Booking statechart (live)
      </h1>
      <p className="page__lead">
        Development builds only. Open the app in another window and book: the active states of the booking chart
        are highlighted here as the wizard moves.
      </p>

      <div className="sc-controls">
        <button
          type="button"
          className="button"
          onClick={() => window.open(`${location.pathname}${href('book-now')}`, 'club-app', 'width=430,height=900')}
        >
          Open the app in a new window
        </button>
        <label className="sc-controls__field">
          Follow{' '}
          <select value={pinned} onChange={(event) => setPinned(event.target.value)}>
            <option value="">the tab that moved last</option>
            {tabs.map(([id, c]) => (
              <option key={id} value={id}>
                tab {id} at {c.booking?.address || '#/'}
              </option>
            ))}
          </select>
        </label>
        <label className="sc-controls__field">
          <input
            type="checkbox"
            checked={inspect}
            onChange={(event) => {
              setInspectSwitch(event.target.checked);
              setInspect(event.target.checked);
            }}
          />{' '}
          Connect the Stately inspector (applies to tabs loaded from now on; allow its pop-up)
        </label>
      </div>

      {booking ? (
        <>
          <p className="sc-status" role="status">
            <strong>{booking.status === 'active' ? 'Running' : booking.status}</strong> in tab {booking.tab} at{' '}
            <code>{booking.address || '#/'}</code>; last event <code>{eventName(booking.event)}</code>.
          </p>
          <StatechartView machine={bookingMachine} value={booking.value} label="Booking chart" />
          {verifying && verification && (
            <>
              <h2>Phone verification (invoked as verifyPhone)</h2>
              <StatechartView machine={phoneVerificationMachine} value={verification.value} label="Phone verification chart" />
            </>
          )}
          {paying && payment && (
            <>
              <h2>Payment (invoked as pay)</h2>
              <StatechartView machine={paymentMachine} value={payment.value} label="Payment chart" />
            </>
          )}
          <details className="sc-context">
            <summary>Booking context</summary>
            <pre>{JSON.stringify(booking.context, null, 2)}</pre>
          </details>
        </>
      ) : (
        <>
          <p className="sc-status" role="status">
            No booking chart is running yet. Open the app in a new window (above) and start a booking: this page
            follows it.
          </p>
          <StatechartView machine={bookingMachine} value={undefined} label="Booking chart" />
        </>
      )}

      <h2>Session</h2>
      <StatechartView machine={sessionMachine} value={session?.value} label="Session chart" />
    </section>
  );
}
