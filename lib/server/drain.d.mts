import type { Server, ServerResponse } from 'node:http';

export declare const DRAIN_MS: number;
export declare const STOP_AFTER_DRAIN_MS: number;
export declare function trackRequests(server: Server): { track(response: ServerResponse): void; inFlight(): number; drain(ms?: number): Promise<{ left: number }> };
