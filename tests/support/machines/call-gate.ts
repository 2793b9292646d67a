/**
 * Holds the page's API calls of a chart while a path test reads its loading state, then lets each go to
 * the real API or answers it with the refusal the path says (the whole-app tests' fetch is the real API).
 */
import { vi } from 'vitest';

export interface CallKind {
  method: string;
  path: RegExp;
}

interface Held {
  release(answer: Response | Error | undefined): void;
}

export function gateCalls<Kind extends string>(kinds: Record<Kind, CallKind>) {
  const realFetch = globalThis.fetch;
  const armed = new Set<Kind>();
  const held = new Map<Kind, Held>();
  /** What the last answered call of each kind came to, as the page got it. */
  const answered = new Map<Kind, 'ok' | 'refused'>();
  /** The kind of a call: of those it matches, the one armed (two kinds may share a path, as a card's and a wallet's payment do). */
  const kindOf = (request: Request) => {
    const matching = (Object.keys(kinds) as Kind[]).filter((k) => kinds[k].method === request.method && kinds[k].path.test(new URL(request.url).pathname));
    return matching.find((k) => armed.has(k)) ?? matching[0];
  };

  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const kind = kindOf(request);
    if (!kind || !armed.has(kind)) return realFetch(request);
    armed.delete(kind);
    const answer = await new Promise<Response | Error | undefined>((resolve) => held.set(kind, { release: resolve }));
    // A dropped connection: fetch rejects, as a browser's does.
    if (answer instanceof Error) throw answer;
    const response = answer ?? (await realFetch(request));
    answered.set(kind, response.ok ? 'ok' : 'refused');
    return response;
  });

  return {
    /** The next call of `kind` is held until released; one still held (an abandoned call) goes on to the API. */
    arm(kind: Kind) {
      held.get(kind)?.release(undefined);
      held.delete(kind);
      armed.add(kind);
    },
    isHeld: (kind: Kind) => held.has(kind),
    /** Lets the held call go: to the real API, answered with `answer`, or dropped (an Error: the page's fetch rejects with it). */
    release(kind: Kind, answer?: Response | Error) {
      const call = held.get(kind);
      if (!call) throw new Error(`No ${kind} call is on its way`);
      held.delete(kind);
      // Until it is answered, this call has no answer: not an earlier one's.
      answered.delete(kind);
      call.release(answer);
    },
    answered: (kind: Kind) => answered.get(kind),
  };
}

/** An answer of the API refusing a call, in its envelope (docs/PRODUCT.md §7). */
export function refusal({ status, errorCode, message }: { status: number; errorCode: number; message: string }): Response {
  return new Response(JSON.stringify({ status, errorCode, message }), { status, headers: { 'content-type': 'application/json' } });
}
