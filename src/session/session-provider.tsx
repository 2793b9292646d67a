/**
 * The session for the app. The statechart (machines/session.machine.ts) runs in a lazily loaded actor:
 * a visitor with no stored session sees "logged out" at once and loads the chart only when they log in
 * or open a page that needs it. Components read it through `SessionContext.useSelector` and send events
 * through `SessionContext.useActorRef().send`, whether the chart has loaded yet or not.
 */
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { RefreshedTokens, SessionEvent, sessionMachine } from '../../machines/session.machine';
import { sessionSignals, tokens } from '../api/session-store';
import { ACCESS_TOKEN_KEY } from '../api/token-store';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** What the chart says before it has loaded: logged out, or still checking a stored session. */
function placeholder(state: 'loggedOut' | 'checking'): SessionSnapshot {
  return {
    value: state,
    context: { user: null, upcomingCount: 0, tokenExpiresAt: null, clockOffsetMs: 0, notice: null, errorMessage: null },
    matches: (value: unknown) => value === state,
  } as unknown as SessionSnapshot;
}

/** A stable stand-in for the session actor that loads the real one on first need. */
class LazySession {
  private actor: SessionActor | null = null;
  private loading: Promise<void> | null = null;
  private queued: SessionEvent[] = [];
  private listeners = new Set<() => void>();
  private snapshot: SessionSnapshot = tokens.accessToken ? placeholder('checking') : placeholder('loggedOut');

  getSnapshot = (): SessionSnapshot => this.snapshot;

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

  load(): Promise<void> {
    this.loading ??= import('./session-actor').then(({ startSessionActor }) => {
      const actor = startSessionActor();
      this.actor = actor;
      const update = () => {
        this.snapshot = actor.getSnapshot();
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
  useSelector<T>(selector: (snapshot: SessionSnapshot) => T): T {
    const handle = useHandle();
    return useSyncExternalStore(handle.subscribe, () => selector(handle.getSnapshot()));
  },
  useActorRef(): Pick<LazySession, 'send' | 'getSnapshot'> {
    return useHandle();
  },
};

/** Forwards outside happenings to the session. */
function SessionSignals({ session }: { session: LazySession }) {
  useEffect(() => {
    // A stored session is restored at once; otherwise the chart waits for the first need.
    if (tokens.accessToken) void session.load();
    const onExpired = () => session.send({ type: 'session.expired' });
    const onRefreshed = (event: Event) =>
      session.send({ type: 'tokens.refreshed', ...(event as CustomEvent<RefreshedTokens>).detail });
    // localStorage's storage event fires in the other tabs only: exactly the ones to tell.
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACCESS_TOKEN_KEY || event.key === null) {
        session.send({ type: 'session.sync', signedIn: tokens.accessToken !== null });
      }
    };
    sessionSignals.addEventListener('expired', onExpired);
    sessionSignals.addEventListener('refreshed', onRefreshed);
    addEventListener('storage', onStorage);
    return () => {
      sessionSignals.removeEventListener('expired', onExpired);
      sessionSignals.removeEventListener('refreshed', onRefreshed);
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
