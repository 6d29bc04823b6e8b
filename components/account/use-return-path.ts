'use client';

import { useSyncExternalStore } from 'react';
import { safeReturnPath } from '@/lib/auth/schemas';

const noop = () => () => undefined;

/** One query parameter of the current address, read in the browser (null on the server: pages stay static). */
export function useQueryParam(name: string): string | null {
  return useSyncExternalStore(
    noop,
    () => new URLSearchParams(window.location.search).get(name),
    () => null,
  );
}

/** The same-site ?url= return path of the current address ('/' when missing or foreign). */
export function useReturnPath(): string {
  return safeReturnPath(useQueryParam('url'));
}

/** `path` with the current ?url= return path carried along, for links between the account pages. */
export function withReturn(path: string, returnPath: string): string {
  return returnPath === '/' ? path : `${path}?url=${encodeURIComponent(returnPath)}`;
}
