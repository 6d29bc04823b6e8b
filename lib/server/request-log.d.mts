export type LogFormat = 'text' | 'json';
export declare function parseLogFormat(value: string | undefined): { format: LogFormat; error?: undefined } | { error: string; format?: undefined };
export declare function newRequestId(): string;
export declare function loggedPath(url?: string): string;
export declare function requestLine(request: { id: string; method: string; url: string; status: number | null; ms: number }, logFormat: LogFormat): string;
export declare function withRequestId<T>(id: string, work: () => T): T;
export declare function logLine(method: string, args: unknown[], logFormat: LogFormat, id?: string): string;
export declare function routeConsole(logFormat: LogFormat, target?: Pick<Console, 'log' | 'info' | 'warn' | 'error' | 'debug'>): void;
