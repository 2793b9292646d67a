/**
 * Development builds only: an inspection observer for the app's actors (booking, session) that
 *
 * - posts each snapshot of the chart to a BroadcastChannel, so the development statechart page
 *   (`#/dev/statechart`, open in another window) highlights the live state as the wizard moves; and
 * - when the `inspect` switch is on, hands every inspection event to the Stately inspector
 *   (`@statelyai/inspect`, loaded only then).
 *
 * The switch: `?inspect` in the address (before or after the `#`) turns it on for that load, `?inspect=off`
 * turns it off, and the checkbox on the development page keeps it in localStorage for every tab.
 * Card details never leave the app: events and contexts are stripped of them before either use.
 */
import type { InspectionEvent, Observer, StateValue } from 'xstate';

/** The channel the app's tabs post chart snapshots on. */
export const STATECHART_CHANNEL = 'club-dev-statechart';
/** localStorage key of the inspect switch. */
export const INSPECT_KEY = 'club.dev.inspect';
const INSPECTOR_URL = 'https://stately.ai/inspect';

/** A chart's snapshot as the development page receives it. */
export interface ChartMessage {
  kind: 'snapshot';
  /** Which tab sent it (random per page load). */
  tab: string;
  /** The app's address in that tab, to tell tabs apart. */
  address: string;
  /** 'booking', 'session', or the id of an actor the chart invoked ('pay' for the payment chart). */
  chart: string;
  /** The machine's id ('booking', 'session', 'payment'). */
  machineId: string;
  value: StateValue;
  status: string;
  /** The event that led here. */
  event: string;
  context: unknown;
  at: number;
}

/** The development page asks open tabs to post their latest snapshots again. */
export interface HelloMessage {
  kind: 'hello';
}

let tab: string | undefined;
/** This page load's id, made on first use so that importing the module does nothing (and production drops it). */
const tabId = () => (tab ??= Math.random().toString(36).slice(2, 8));
const CARD_KEYS = /* @__PURE__ */ new Set(['card', 'cardNumber', 'cvc', 'expMonth', 'expYear', 'cardholderName', 'clientSecret']);

/** A copy fit for postMessage and for display: no card details, no functions or actors. */
export function plain(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value, (key, v: unknown) => (CARD_KEYS.has(key) ? '[card details]' : v))) as unknown;
  } catch {
    return null;
  }
}

function queryHas(query: string, key: string): string | null {
  return new URLSearchParams(query).get(key);
}

/** Whether this load asks for the Stately inspector: the address, else the stored switch. */
export function inspectRequested(): boolean {
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : '';
  const asked = queryHas(location.search, 'inspect') ?? queryHas(hashQuery, 'inspect');
  if (asked !== null) return asked !== 'off' && asked !== '0' && asked !== 'false';
  return localStorage.getItem(INSPECT_KEY) === 'on';
}

/** Stores the switch for the next loads of every tab. */
export function setInspectSwitch(on: boolean): void {
  if (on) localStorage.setItem(INSPECT_KEY, 'on');
  else localStorage.removeItem(INSPECT_KEY);
}

interface StatelyInspector {
  inspect: Observer<InspectionEvent>;
  adapter: { targetWindow: Window | null };
}

let stately: Promise<StatelyInspector> | null = null;

/** One Stately inspector per tab, shared by its actors; its window opens now or on the first click. */
function statelyInspector(): Promise<StatelyInspector> {
  stately ??= import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector({
      url: INSPECTOR_URL,
      // Enough to replay a whole booking to a window opened late.
      maxDeferredEvents: 2000,
      sanitizeEvent: (event) => plain(event) as typeof event,
      sanitizeContext: (context) => plain(context) as typeof context,
    }) as unknown as StatelyInspector;
    // A pop-up blocker stops a window opened without a click: open it on the first click instead.
    if (!inspector.adapter.targetWindow) {
      addEventListener(
        'click',
        () => {
          inspector.adapter.targetWindow ??= window.open(INSPECTOR_URL, 'xstateinspector');
        },
        { once: true, capture: true },
      );
    }
    return inspector;
  });
  return stately;
}

let channel: BroadcastChannel | null = null;
const latest = /* @__PURE__ */ new Map<string, ChartMessage>();

function post(message: ChartMessage): void {
  latest.set(message.chart, message);
  if (typeof BroadcastChannel === 'undefined') return;
  if (!channel) {
    channel = new BroadcastChannel(STATECHART_CHANNEL);
    // Node's channel (the UI tests) would otherwise keep the test process alive.
    (channel as BroadcastChannel & { unref?: () => void }).unref?.();
    channel.onmessage = (event: MessageEvent<HelloMessage | ChartMessage>) => {
      if (event.data.kind === 'hello') latest.forEach((m) => channel?.postMessage({ ...m, address: location.hash }));
    };
  }
  channel.postMessage(message);
}

/**
 * The `inspect` option for one of the app's actors in development builds: `chart` names it on the
 * development page. The root actor's snapshots are posted as `chart`; an invoked chart's under its id.
 */
export function devInspect(chart: 'booking' | 'session'): Observer<InspectionEvent> {
  const forward = inspectRequested() ? statelyInspector() : null;
  const pending: InspectionEvent[] = [];
  let target: Observer<InspectionEvent> | null = null;
  forward?.then((inspector) => {
    target = inspector.inspect;
    pending.splice(0).forEach((event) => target?.next?.(event));
  });
  return {
    next(event) {
      if (forward) {
        if (target) target.next?.(event);
        else pending.push(event);
      }
      if (event.type !== '@xstate.snapshot') return;
      const snapshot = event.snapshot as { value?: StateValue; status?: string; context?: unknown; machine?: { id: string } };
      if (snapshot.value === undefined || !snapshot.machine) return;
      const isRoot = event.rootId === event.actorRef.sessionId;
      post({
        kind: 'snapshot',
        tab: tabId(),
        address: location.hash,
        chart: isRoot ? chart : ((event.actorRef as { id?: string }).id ?? 'child'),
        machineId: snapshot.machine.id,
        value: snapshot.value,
        status: snapshot.status ?? 'active',
        event: event.event.type,
        context: plain(snapshot.context),
        at: Date.now(),
      });
    },
  };
}
