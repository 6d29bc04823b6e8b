import type { PGlite } from '@electric-sql/pglite';
import type { Server } from 'node:net';

export declare function backupSocketPath(dataDir: string): string;
export declare function pgliteFolder(dataDir: string): string;
export declare function hasPgliteDatabase(dataDir: string): boolean;
export declare function openPglite(folder: string, options?: Record<string, unknown>): Promise<PGlite>;
export declare function snapshotPglite(client: PGlite): Promise<Uint8Array>;
export declare function loadPgliteSnapshot(folder: string, data: Uint8Array): Promise<PGlite>;
export declare function serveBackups(options: {
  dataDir: string;
  backup: () => Promise<{ schemaVersion: string | null; data: Uint8Array }>;
  log?: Pick<Console, 'warn' | 'error'>;
}): Promise<Server | null>;
export declare class BackupChannelError extends Error {}
export declare function requestBackup(dataDir: string, pid?: number): Promise<{ schemaVersion: string | null; data: Buffer }>;
