/**
 * The session for the app. The statechart (machines/session.machine.ts) runs in a lazily loaded actor:
 * a visitor with no stored session sees "logged out" at once and loads the chart only when they log in
 * or open a page that needs it. Components read it through `SessionContext.useSelector` and send events
 * through `SessionContext.useActorRef().send`, whether the chart has loaded yet or not.
 */
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SessionContext as ChartContext, SessionEvent, sessionMachine } from '../../machines/session.machine';
import { setSessionRenewer, tokens } from '../api/session-store';
import { ACCESS_TOKEN_KEY } from '../api/token-store';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type SessionActor = ActorRefFrom<typeof sessionMachine>;
/** The chart's top-level states. */
type SessionState = Parameters<SessionSnapshot['matches']>[0];

/** What components read of the session: which state it is in, and what it knows. */
export interface SessionView {
  matches(state: SessionState): boolean;
  context: Pick<ChartContext, 'user' | 'upcomingCount' | 'notice' | 'errorMessage'>;
}

const viewOf = (snapshot: SessionSnapshot): SessionView => ({
  matches: (state) => snapshot.matches(state),
  context: snapshot.context,
});

/** Before the chart has loaded: logged out, or a stored session still to be checked. */
const beforeLoad = (state: 'loggedOut' | 'checking'): SessionView => ({
  matches: (value) => value === state,
  context: { user: null, upcomingCount: 0, notice: null, errorMessage: null },
});

/** A stable stand-in for the session actor that loads the real one on first need. */
class LazySession {
  private actor: SessionActor | null = null;
  private loading: Promise<void> | null = null;
  private queued: SessionEvent[] = [];
  private listeners = new Set<() => void>();
  private renew: ((actor: SessionActor) => Promise<boolean>) | null = null;
  private view: SessionView = beforeLoad(tokens.accessToken ? 'checking' : 'loggedOut');

  getSnapshot = (): SessionView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  send = (event: SessionEvent): void => {
    if (this.actor) this.actor.send(event);
    else {
      this.queued.push(event);
      this.load();
    }
  };

  /** A call met a 401: the chart renews the tokens (loaded first if need be). */
  renewTokens = async (): Promise<boolean> => {
    await this.load();
    return this.renew!(this.actor!);
  };

  load(): Promise<void> {
    this.loading ??= Promise.all([import('./session-actor'), import('./session-renewal')]).then(([{ startSessionActor }, { renewThroughSession }]) => {
      const actor = startSessionActor();
      this.actor = actor;
      this.renew = renewThroughSession;
      const update = () => {
        this.view = viewOf(actor.getSnapshot());
        this.listeners.forEach((l) => l());
      };
      actor.subscribe(update);
      update();
      this.queued.splice(0).forEach((event) => actor.send(event));
    });
    return this.loading;
  }
}

const SessionHandle = createContext<LazySession | null>(null);

function useHandle(): LazySession {
  const handle = useContext(SessionHandle);
  if (!handle) throw new Error('SessionProvider is missing');
  return handle;
}

/** The same two reads the chart's own actor context offers, over the lazy handle. */
export const SessionContext = {
  useSelector<T>(selector: (view: SessionView) => T): T {
    const handle = useHandle();
    return useSyncExternalStore(handle.subscribe, () => selector(handle.getSnapshot()));
  },
  useActorRef(): Pick<LazySession, 'send' | 'getSnapshot' | 'subscribe'> {
    return useHandle();
  },
};

/** Forwards outside happenings to the session, and lets the API client ask it to renew tokens. */
function SessionSignals({ session }: { session: LazySession }) {
  useEffect(() => {
    // A stored session is restored at once; otherwise the chart waits for the first need.
    if (tokens.accessToken) void session.load();
    setSessionRenewer(session.renewTokens);
    // localStorage's storage event fires in the other tabs only: exactly the ones to tell.
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACCESS_TOKEN_KEY || event.key === null) {
        session.send({ type: 'session.sync', signedIn: tokens.accessToken !== null });
      }
    };
    addEventListener('storage', onStorage);
    return () => {
      setSessionRenewer(null);
      removeEventListener('storage', onStorage);
    };
  }, [session]);
  return null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useMemo(() => new LazySession(), []);
  return (
    <SessionHandle.Provider value={session}>
      <SessionSignals session={session} />
      {children}
    </SessionHandle.Provider>
  );
}

/** Narrow reads of the session for components. */
export const useSessionUser = () => SessionContext.useSelector((s) => s.context.user);
export const useIsLoggedIn = () => SessionContext.useSelector((s) => s.matches('loggedIn'));
