import 'server-only';
import { env, type Env } from '@/lib/env';
import { embeddedBackend } from './embedded';
import type { Backend } from './types';
import { upstreamBackend } from './upstream';

export type { Backend, BackendCapabilities, BackendHealth } from './types';

/** The one place that reads which backend the environment asks for: SALON_API_URL set makes this site a front. */
export function chooseBackend(current: Env): Backend {
  return current.SALON_API_URL ? upstreamBackend : embeddedBackend;
}

/**
 * The backend of this process. Each is made once (a module constant); the choice reads the parsed environment, which
 * does not change while a server runs (tests change it between cases, as they do for env()).
 */
export function backend(): Backend {
  return chooseBackend(env());
}
