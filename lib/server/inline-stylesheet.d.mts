import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const STYLESHEET_COOKIE: string;

export interface StylesheetInliner {
  variantOf(request: Pick<IncomingMessage, 'headers'>): 'inline' | 'linked';
  wrap(request: IncomingMessage, response: ServerResponse): void;
}

export declare function createStylesheetInliner(options: { staticDir: string; buildId: string; readFile?: (file: string) => string }): StylesheetInliner;
