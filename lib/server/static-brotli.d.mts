import type { IncomingMessage, ServerResponse } from 'node:http';

export interface StaticBrotli {
  readonly size: number;
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  settled(): Promise<void>;
}

export declare function acceptsBrotli(acceptEncoding: unknown): boolean;
export declare function precompressStatic(staticDir: string): Promise<number>;
export declare function createStaticBrotli(options: {
  staticDir: string;
  headers: (request: IncomingMessage) => Array<{ key: string; value: string }>;
  maxBytes?: number;
}): StaticBrotli;
