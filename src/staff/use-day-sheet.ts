/**
 * A venue's day sheet, read through the staff API. A re-read (a live event, a visit change) keeps the
 * sheet on screen until the new one arrives, so the host's place on the page is never lost.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { components } from '../api/schema';
import { unwrap } from '../api/api-error';
import { staffApi } from './staff-api';

export type DaySheet = components['schemas']['DaySheet'];
export type SheetBooking = components['schemas']['DaySheetBooking'];

export interface DaySheetState {
  sheet: DaySheet | null;
  error: unknown;
  loading: boolean;
  /** Reads the sheet again; answers of earlier reads arriving later are dropped. */
  refetch(): void;
}

export function useDaySheet(venueId: string, date: string): DaySheetState {
  const [state, setState] = useState<{ sheet: DaySheet | null; error: unknown; loading: boolean }>({ sheet: null, error: null, loading: true });
  const latest = useRef(0);
  const refetch = useCallback(() => {
    const call = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    unwrap(staffApi.GET('/admin/venue/{venueId}/day-sheet/{date}', { params: { path: { venueId, date } } })).then(
      ({ data }) => call === latest.current && setState({ sheet: data, error: null, loading: false }),
      (error: unknown) => call === latest.current && setState((s) => ({ ...s, error, loading: false })),
    );
  }, [venueId, date]);
  useEffect(() => {
    // Another venue or day: nothing of the last one may show meanwhile.
    setState({ sheet: null, error: null, loading: true });
    refetch();
  }, [refetch]);
  return { ...state, refetch };
}
