import { useEffect, useState } from 'react';

/**
 * The value once it has stayed the same for `delayMs`: a search asks the server after typing pauses, not per key
 * (250 ms unless a screen needs otherwise, as the back office's user search does).
 */
export function useDebouncedValue<T>(value: T, delayMs = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
