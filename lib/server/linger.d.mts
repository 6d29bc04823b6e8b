import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function lingerAfterRefusal(request: IncomingMessage, response: ServerResponse, limits: { maxBytes: number; ms: number }): void;
export declare function lingerMs(requestTimeoutMs: number): number;
