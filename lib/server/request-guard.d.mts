import type { IncomingMessage } from 'node:http';

export declare function normalizeAddress(value: unknown): string | undefined;
export declare function forwardedFor(
  request: Pick<IncomingMessage, 'headers'> & { socket?: { remoteAddress?: string; encrypted?: boolean } },
  trustProxy: number,
): { client: string; chain: string; proto: 'http' | 'https'; host: string };
export declare function firstRequestProblem(request: Pick<IncomingMessage, 'url'>): { status: number; message: string } | undefined;
export declare function forwardedForList(value: string | null | undefined): string[];
export declare function hopCountClient(listed: readonly string[], peer: string | undefined, trustProxy: number): { client: string | undefined; trusted: string[] };
