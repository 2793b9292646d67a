/** The app's query cache: one request per key while on its way, answers kept a while, invalidation by key. */
import { describe, expect, it, vi } from 'vitest';
import { QueryCache } from '../../src/api/query-cache';
import {
  availabilityKey,
  closureChangePrefixes,
  MONEY_PREFIXES,
  RESERVATION_PREFIX,
  reservationKey,
  reservationsKey,
  STAFF_BOOK_PREFIXES,
  staffClosuresKey,
  staffDaySheetKey,
  venueKey,
  walletKey,
  waitlistKey,
  type QueryKey,
} from '../../src/api/query-keys';

function setup() {
  let now = Date.parse('2026-11-23T02:00:00Z');
  let locale = 'en';
  const cache = new QueryCache<QueryKey>({ freshMs: 30_000, now: () => now, scope: () => locale });
  const loads = { count: 0 };
  /** A read that answers when released, counting the requests it made. */
  const deferredLoad = <T,>(value: T) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(async () => {
      loads.count++;
      await released;
      return value;
    });
    return { load, release };
  };
  return { cache, loads, deferredLoad, advance: (ms: number) => (now += ms), setLocale: (l: string) => (locale = l) };
}

describe('the query cache', () => {
  it('shares one request among every caller of a key while it is on its way (no duplicate call)', async () => {
    const { cache, deferredLoad } = setup();
    const { load, release } = deferredLoad(['r1']);
    const answers = [cache.fetch(reservationsKey('u1'), load), cache.fetch(reservationsKey('u1'), load), cache.fetch(reservationsKey('u1'), load)];
    release();
    expect(await Promise.all(answers)).toEqual([['r1'], ['r1'], ['r1']]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps an answer for 30 s, then asks again; other keys and languages are asked apart', async () => {
    const { cache, advance, setLocale } = setup();
    const load = vi.fn(async () => 'answer');
    await cache.fetch(walletKey('u1'), load);
    advance(29_999);
    await cache.fetch(walletKey('u1'), load);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.fetch(walletKey('u2'), load);
    setLocale('ja');
    await cache.fetch(walletKey('u1'), load);
    expect(load).toHaveBeenCalledTimes(3);
    setLocale('en');
    advance(1);
    await cache.fetch(walletKey('u1'), load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('keeps no failure: the next caller asks again', async () => {
    const { cache } = setup();
    const load = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce('ok');
    await expect(cache.fetch(walletKey('u1'), load)).rejects.toThrow('network');
    expect(await cache.fetch(walletKey('u1'), load)).toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('invalidates by key prefix: the reservations and the waitlist after a change, not the wallet', async () => {
    const { cache } = setup();
    const load = vi.fn(async () => 'answer');
    const keys = [reservationsKey('u1'), reservationKey('u1', 'a'), waitlistKey('u1'), walletKey('u1')];
    for (const key of keys) await cache.fetch(key, load);
    expect(load).toHaveBeenCalledTimes(4);
    cache.invalidate(...RESERVATION_PREFIX);
    for (const key of keys) await cache.fetch(key, load);
    expect(load).toHaveBeenCalledTimes(7); // all but the wallet asked again
    cache.invalidate(...MONEY_PREFIXES);
    await cache.fetch(walletKey('u1'), load);
    expect(load).toHaveBeenCalledTimes(8);
  });

  it('matches a prefix part by part: one reservation, not its neighbours', async () => {
    const { cache } = setup();
    const load = vi.fn(async () => 'answer');
    for (const key of [reservationKey('u1', 'a'), reservationKey('u1', 'ab'), reservationsKey('u1')]) await cache.fetch(key, load);
    cache.invalidate(reservationKey('u1', 'a'));
    for (const key of [reservationKey('u1', 'a'), reservationKey('u1', 'ab'), reservationsKey('u1')]) await cache.fetch(key, load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does not keep an answer that was invalidated while on its way', async () => {
    const { cache, deferredLoad } = setup();
    const stale = deferredLoad('before the change');
    const pending = cache.fetch(reservationsKey('u1'), stale.load);
    cache.invalidate(['reservations']);
    stale.release();
    expect(await pending).toBe('before the change');
    const fresh = vi.fn(async () => 'after the change');
    expect(await cache.fetch(reservationsKey('u1'), fresh)).toBe('after the change');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it("forgets what a staff change makes stale: a closure, the venue's offered times and closed days; a booking, the sheets and every offer", async () => {
    const { cache } = setup();
    const load = vi.fn(async () => 'answer');
    const search = { experienceId: 'e1', date: '2026-11-27', numberOfGuests: 2, seatingAreaId: null };
    const keys = {
      closures: staffClosuresKey('v1', '2026-11-24'),
      offered: availabilityKey({ venueId: 'v1', ...search }),
      venue: venueKey('leclos'),
      sheet: staffDaySheetKey('v1', '2026-11-27'),
      otherOffered: availabilityKey({ venueId: 'v2', ...search }),
      otherVenue: venueKey('batard'),
    };
    /** Which of the keys are read again (their answers were forgotten). */
    const readAgain = async () => {
      const asked: string[] = [];
      for (const [name, key] of Object.entries(keys)) {
        const calls = load.mock.calls.length;
        await cache.fetch(key, load);
        if (load.mock.calls.length > calls) asked.push(name);
      }
      return asked;
    };
    await readAgain();
    cache.invalidate(...closureChangePrefixes('v1', 'leclos'));
    expect(await readAgain()).toEqual(['closures', 'offered', 'venue']);
    cache.invalidate(...STAFF_BOOK_PREFIXES);
    expect(await readAgain()).toEqual(['offered', 'sheet', 'otherOffered']);
  });
});
