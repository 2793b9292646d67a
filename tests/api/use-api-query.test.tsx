// @vitest-environment jsdom
/**
 * The read hook every page uses: a re-read keeps the answer on screen, never a flash of empty, and a failed
 * re-read keeps it beside the failure; answers of earlier reads arriving late are dropped; another key
 * starts empty unless `keepData`. Each read answers when the test says, so nothing waits on real time.
 */
import { I18nProvider } from '@lingui/react';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { staffClosuresKey, staffDaySheetKey } from '../../src/api/query-keys';
import { invalidate, useApiQuery } from '../../src/api/use-api-query';
import { activateLocale, i18n } from '../../src/i18n/i18n';

/** Reads that answer (or fail) only when the test settles them, in any order. */
function deferredReads() {
  const pending: { resolve(value: string): void; reject(error: Error): void }[] = [];
  const load = () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  /** Settles the `index`th read made, and lets the page take its answer. */
  const settle = async (index: number, answer: string | Error) => {
    await act(async () => {
      if (answer instanceof Error) pending[index]!.reject(answer);
      else pending[index]!.resolve(answer);
    });
  };
  return { load, settle, count: () => pending.length };
}

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;

/** What a page would show: the answer on screen, and whether it says the read failed. */
const shown = (read: ReturnType<typeof useApiQuery<string>>) => ({
  status: read.status,
  data: read.status === 'loading' ? undefined : read.data,
  failed: read.status === 'error',
});

describe('useApiQuery', () => {
  beforeAll(() => activateLocale('en'));
  afterEach(() => invalidate());

  it('keeps the answer on screen while it is read again, and when that read fails, saying so', async () => {
    const reads = deferredReads();
    const { result } = renderHook(() => useApiQuery(staffDaySheetKey('v1', '2026-11-24'), reads.load, { showError: false }), { wrapper });
    expect(shown(result.current)).toEqual({ status: 'loading', data: undefined, failed: false });
    await reads.settle(0, 'first sheet');
    expect(shown(result.current)).toEqual({ status: 'ready', data: 'first sheet', failed: false });

    act(() => result.current.reload());
    expect(reads.count()).toBe(2);
    expect(shown(result.current)).toEqual({ status: 'ready', data: 'first sheet', failed: false });
    await reads.settle(1, new Error('offline'));
    expect(shown(result.current)).toEqual({ status: 'error', data: 'first sheet', failed: true });

    act(() => result.current.reload());
    await reads.settle(2, 'second sheet');
    expect(shown(result.current)).toEqual({ status: 'ready', data: 'second sheet', failed: false });
  });

  it('drops the answer of an earlier read that arrives after a later one', async () => {
    const reads = deferredReads();
    const { result } = renderHook(() => useApiQuery(staffDaySheetKey('v1', '2026-11-24'), reads.load, { showError: false }), { wrapper });
    await reads.settle(0, 'first sheet');
    act(() => result.current.reload());
    act(() => result.current.reload());
    expect(reads.count()).toBe(3);
    await reads.settle(2, 'newest sheet');
    await reads.settle(1, 'older sheet');
    expect(shown(result.current)).toEqual({ status: 'ready', data: 'newest sheet', failed: false });
    await reads.settle(0, 'oldest sheet');
    expect(shown(result.current)).toEqual({ status: 'ready', data: 'newest sheet', failed: false });
  });

  it('starts another key empty, unless keepData keeps the last answer on screen while it is read', async () => {
    for (const keepData of [false, true]) {
      const reads = deferredReads();
      const { result, rerender } = renderHook(({ from }) => useApiQuery(staffClosuresKey(`v-${keepData}`, from), reads.load, { showError: false, keepData }), {
        wrapper,
        initialProps: { from: '2026-11-24' },
      });
      await reads.settle(0, 'closures from the 24th');
      rerender({ from: '2026-11-25' });
      expect(shown(result.current).data).toBe(keepData ? 'closures from the 24th' : undefined);
      await reads.settle(1, 'closures from the 25th');
      expect(shown(result.current)).toEqual({ status: 'ready', data: 'closures from the 25th', failed: false });
    }
  });

  it("shows no other key's failure while going back to a key read before", async () => {
    const reads = deferredReads();
    const { result, rerender } = renderHook(({ date }) => useApiQuery(staffDaySheetKey('v2', date), reads.load, { showError: false }), {
      wrapper,
      initialProps: { date: '2026-11-24' },
    });
    await reads.settle(0, 'sheet of the 24th');
    rerender({ date: '2026-11-25' });
    await reads.settle(1, new Error('offline'));
    expect(shown(result.current)).toEqual({ status: 'error', data: undefined, failed: true });
    invalidate();
    rerender({ date: '2026-11-24' });
    expect(shown(result.current)).toEqual({ status: 'loading', data: undefined, failed: false });
    await reads.settle(2, 'sheet of the 24th, again');
    expect(shown(result.current).data).toBe('sheet of the 24th, again');
  });
});
