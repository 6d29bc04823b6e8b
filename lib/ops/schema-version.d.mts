export declare const MIGRATIONS_FOLDER: string;
export declare function journalEntries(migrationsFolder?: string): { tag: string; when: number }[];
export declare function releaseSchemaVersion(migrationsFolder?: string): string;
export declare function databaseSchemaVersion(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
  migrationsFolder?: string,
): Promise<string | null>;
export type SchemaStanding = 'empty' | 'current' | 'older' | 'newer' | 'unknown';
export declare function schemaStanding(schemaVersion: string | null, migrationsFolder?: string): SchemaStanding;
export declare function dumpSchemaVersion(copyText: string, migrationsFolder?: string): string | null;
