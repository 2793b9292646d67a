/** A read the page shows: its data, its failure, and a way to read again (after a change). */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useLoaded<T>(load: () => Promise<T>, key: string): { data: T | null; error: unknown; reload: () => void } {
  const [state, setState] = useState<{ key: string; data: T | null; error: unknown }>({ key, data: null, error: null });
  const [round, setRound] = useState(0);
  // The newest `load`, read when `key` or a reload asks: a caller's inline function is not a new read.
  const latestLoad = useRef(load);
  latestLoad.current = load;
  useEffect(() => {
    let current = true;
    latestLoad.current().then(
      (data) => current && setState({ key, data, error: null }),
      (error: unknown) => current && setState({ key, data: null, error }),
    );
    return () => {
      current = false;
    };
    // `key` names what `load` reads: a new key, a new read.
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  // Data of an earlier key stays on screen until the new read arrives, rather than flashing empty.
  return { data: state.data, error: state.error, reload };
}
