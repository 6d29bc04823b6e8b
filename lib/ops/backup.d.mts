export declare class BackupError extends Error {
  exitCode: number;
  constructor(message: string, exitCode?: number);
}
type Kind = 'pglite' | 'postgres';
type Env = Record<string, string | undefined>;
export declare function backupFileName(options: { kind: Kind; schemaVersion: string | null; now: Date }): string;
export declare function backupKind(head: Uint8Array): Kind | null;
export declare function backup(options: { env?: Env; dir: string; now?: Date }): Promise<{ file: string; kind: Kind; schemaVersion: string | null; bytes: number; from: string }>;
export declare function restore(options: { env?: Env; file: string; force?: boolean; now?: Date }): Promise<{
  kind: Kind;
  target: string;
  schemaVersion: string | null;
  keptAside: string | null;
  note: string;
}>;
