/**
 * A read a staff page shows and reads again when it says so (a live event, a change it made). A re-read
 * keeps the last answer on screen until the new one arrives, so the host's place on the page is never
 * lost, and answers of earlier reads arriving later are dropped. Another `key` (venue, day) starts empty.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface StaffRead<T> {
  data: T | null;
  error: unknown;
  /** Reads again; the answer shown stays until this read's arrives. */
  refetch(): void;
}

export function useStaffRead<T>(key: string, load: () => Promise<T>): StaffRead<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown }>({ data: null, error: null });
  const latest = useRef(0);
  // The newest `load`, read when `key` or a refetch asks: a caller's inline function is not a new read.
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const refetch = useCallback(() => {
    const call = ++latest.current;
    latestLoad.current().then(
      (data) => call === latest.current && setState({ data, error: null }),
      (error: unknown) => call === latest.current && setState((s) => ({ ...s, error })),
    );
    // `key` names what `load` reads: a new key, a new read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => {
    // Another venue or day: nothing of the last one may show meanwhile.
    setState({ data: null, error: null });
    refetch();
  }, [refetch]);
  return { ...state, refetch };
}
