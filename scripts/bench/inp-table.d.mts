import type { TableRow } from './lighthouse-table.mjs';

export declare const INP_TARGET_MS: number;

export declare function inpRows(samples: Record<string, number[]>, runs: number): TableRow[];
