export declare function scriptSources(html: string): { sources: string[]; noModule: number };

export declare function firstLoadJs(origin: string, path: string, options?: { cookie?: string }): Promise<{ scripts: number; noModule: number; gzipBytes: number }>;
