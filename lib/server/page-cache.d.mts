import type { IncomingMessage, ServerResponse } from 'node:http';

export interface PageCache {
  readonly size: number;
  clear(): void;
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  capture(request: IncomingMessage, response: ServerResponse): void;
}

export declare function createPageCache(options?: { maxEntries?: number; maxBytes?: number; now?: () => number; variantOf?: (request: IncomingMessage) => string }): PageCache;
export declare function cacheKey(request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, options: { forStore: boolean; variant?: string }): string | null;
export declare function sharedMaxAge(cacheControl: unknown): number | undefined;
