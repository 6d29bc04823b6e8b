import 'server-only';
import type { Client as PgClient } from 'pg';

export interface ListenHandlers {
  /** A NOTIFY on the channel, from any connection, with its payload. */
  onNotify: (payload: string) => void;
  /**
   * The connection was lost and is back: whatever was sent while it was away is lost, so the listener checks the
   * database itself.
   */
  onReconnect?: () => void;
  /** The connection failed or could not be opened again; it is retried. */
  onError?: (error: unknown) => void;
}

export interface Listening {
  /** Stops listening and closes the connection. */
  stop(): Promise<void>;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/**
 * LISTENs on PostgreSQL over a connection of its own (a pool's connections come and go, and LISTEN belongs to one
 * session). A lost connection (a restart of the server, a network cut, pg_terminate_backend) is opened again after
 * half a second, doubling up to 30 s while it keeps failing; onReconnect follows each reopening. If the first
 * connection cannot be opened, the same retries apply: the caller's poll covers the gap.
 */
export async function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<Listening> {
  const { default: pg } = await import('pg');
  let client: PgClient | undefined;
  let stopped = false;
  let delay = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const lost = (lostClient: PgClient, error?: unknown) => {
    if (client !== lostClient) return;
    client = undefined;
    if (error !== undefined) handlers.onError?.(error);
    lostClient.end().catch(() => undefined);
    retry();
  };

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    delay = FIRST_RETRY_MS;
  };

  function retry() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      open().then(
        () => {
          if (!stopped) handlers.onReconnect?.();
        },
        (error: unknown) => {
          handlers.onError?.(error);
          delay = Math.min(delay * 2, LAST_RETRY_MS);
          retry();
        },
      );
    }, delay);
    timer.unref();
  }

  try {
    await open();
  } catch (error) {
    handlers.onError?.(error);
    retry();
  }

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      const last = client;
      client = undefined;
      await last?.end();
    },
  };
}
