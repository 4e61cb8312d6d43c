import { useCallback, useState } from 'react';
import { useAuth } from './auth-context';

/**
 * Small console preferences (page size, collapsed menu groups) kept in this browser per member,
 * so two people sharing a desk each keep their own.
 */
function storageKey(memberId: number, key: string): string {
  return `prefs:${memberId}:${key}`;
}

export function readPref<T>(memberId: number | undefined, key: string, fallback: T): T {
  if (memberId === undefined) return fallback;
  try {
    const raw = localStorage.getItem(storageKey(memberId, key));
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writePref(memberId: number | undefined, key: string, value: unknown): void {
  if (memberId === undefined) return;
  try {
    localStorage.setItem(storageKey(memberId, key), JSON.stringify(value));
  } catch {
    // Storage full or blocked: the preference simply is not remembered.
  }
}

export function useMemberPref<T>(key: string, fallback: T): [T, (value: T) => void] {
  const memberId = useAuth().user?.id;
  const [value, setValue] = useState<T>(() => readPref(memberId, key, fallback));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      writePref(memberId, key, next);
    },
    [memberId, key],
  );
  return [value, update];
}
