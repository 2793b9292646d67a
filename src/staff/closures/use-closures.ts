/** A venue's closures from a day on, with what can be closed there, read through the staff API. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { components } from '../../api/schema';
import { unwrap } from '../../api/api-error';
import { staffApi } from '../staff-api';

export type ClosureList = components['schemas']['ClosureList'];
export type Closure = components['schemas']['Closure'];

export interface ClosuresState {
  list: ClosureList | null;
  error: unknown;
  refetch(): void;
}

export function useClosures(venueId: string, from: string): ClosuresState {
  const [state, setState] = useState<{ list: ClosureList | null; error: unknown }>({ list: null, error: null });
  const latest = useRef(0);
  const refetch = useCallback(() => {
    const call = ++latest.current;
    unwrap(staffApi.GET('/admin/closure', { params: { query: { venueId, from } } })).then(
      ({ data }) => call === latest.current && setState({ list: data, error: null }),
      (error: unknown) => call === latest.current && setState((s) => ({ ...s, error })),
    );
  }, [venueId, from]);
  useEffect(() => {
    setState({ list: null, error: null });
    refetch();
  }, [refetch]);
  return { ...state, refetch };
}
