export declare const THIRD_PARTY: { videos: string[]; botCheck: string[]; analytics: string[] };
export declare function contentSecurityPolicy(options?: { production?: boolean; shopOrigin?: string; https?: boolean }): string;
export declare function securityHeaders(options?: { production?: boolean; shopOrigin?: string; https?: boolean }): { key: string; value: string }[];
export declare function shopOriginFromEnv(env?: Record<string, string | undefined>): string;
