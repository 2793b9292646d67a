/** Watching, and now and then answering, the page's fetch calls in the whole-app tests. */
import { vi } from 'vitest';

export type FetchCall = { method: string; path: string };

/** Method and path of a fetch call, read without touching its body (a Request's body can be read once). */
function callOf(input: RequestInfo | URL, init?: RequestInit): FetchCall {
  if (input instanceof Request) return { method: input.method, path: new URL(input.url).pathname };
  return { method: (init?.method ?? 'GET').toUpperCase(), path: new URL(String(input), location.origin).pathname };
}

/** Watches the page's fetch calls (the stub that runs the real API), optionally answering some itself. */
export function watchFetch(answer?: (call: FetchCall) => Promise<Response | undefined> | Response | undefined) {
  const realFetch = globalThis.fetch;
  const seen: FetchCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = callOf(input, init);
    seen.push(call);
    return (await answer?.(call)) ?? realFetch(input, init);
  });
  return {
    calls: (method: string, path: string) => seen.filter((c) => c.method === method && c.path === path).length,
  };
}

/** Answers the first call matching method and path with `response`; the rest go to the real API. */
export function failOnce(method: string, path: string, response: () => Response) {
  let failed = false;
  return watchFetch((call) => {
    if (failed || call.method !== method || call.path !== path) return undefined;
    failed = true;
    return response();
  });
}
