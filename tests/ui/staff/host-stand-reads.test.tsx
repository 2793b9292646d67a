// @vitest-environment jsdom
/**
 * The host stand's reads (src/staff/host-stand/use-host-stand.ts): one at a time, so the several events
 * of one action on another tablet make one read after the one running, never reads side by side; a lost
 * stream shows as not connected until it is ready again, which reads the stand again.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostStand } from '../../../src/staff/host-stand/stand-calls';
import type { VenueEvent } from '../../../src/staff/use-venue-events';

const calls: { venueId: string; date: string; answer(stand: HostStand): void }[] = [];
let stream: { onReady(): void; onChange(event: VenueEvent): void; onLost?(): void } | null = null;

vi.mock('../../../src/staff/host-stand/stand-calls', () => ({
  loadHostStand: (venueId: string, date: string) => new Promise<HostStand>((answer) => calls.push({ venueId, date, answer })),
}));
vi.mock('../../../src/staff/use-venue-events', () => ({
  useVenueEvents: (_venueId: string, handlers: typeof stream) => {
    stream = handlers;
  },
}));

const { useHostStand } = await import('../../../src/staff/host-stand/use-host-stand');

const DATE = '2026-12-04';
const standOf = (now: string) => ({ date: DATE, now }) as HostStand;
const change = (): VenueEvent => ({ venueId: 'leclos', date: DATE, reservationId: 'r1' });

afterEach(() => {
  calls.length = 0;
  stream = null;
});

describe("the host stand's reads", () => {
  it('reads once more after the read running, however many changes came meanwhile', async () => {
    const { result } = renderHook(() => useHostStand('leclos', DATE));
    expect(calls).toHaveLength(1);
    act(() => {
      for (let i = 0; i < 3; i++) stream!.onChange(change());
    });
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.answer(standOf('first')));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(result.current.stand?.now).toBe('first');
    await act(async () => calls[1]!.answer(standOf('second')));
    await waitFor(() => expect(result.current.stand?.now).toBe('second'));
    expect(calls).toHaveLength(2);
    // Another day's change is not this stand's.
    act(() => stream!.onChange({ ...change(), date: '2026-12-05' }));
    expect(calls).toHaveLength(2);
  });

  it('is not connected while the stream is lost, and reads again when it is ready', async () => {
    const { result } = renderHook(() => useHostStand('leclos', DATE));
    await act(async () => calls[0]!.answer(standOf('first')));
    await waitFor(() => expect(result.current.connected).toBe(true));
    act(() => stream!.onLost?.());
    expect(result.current.connected).toBe(false);
    act(() => stream!.onReady());
    expect(result.current.connected).toBe(true);
    expect(calls).toHaveLength(2);
  });
});
