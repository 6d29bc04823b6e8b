export declare const DEFAULT_REQUEST_TIMEOUT_MS: number;
export declare function parseRequestTimeout(value: string | undefined): { ms: number; error?: undefined } | { error: string; ms?: undefined };
export declare function timeoutOptions(ms: number): { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number };
export declare function listenFailureMessage(error: unknown, where: { port: number; hostname?: string }): string;
