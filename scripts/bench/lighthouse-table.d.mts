export declare const CATEGORIES: string[];

export declare function median(values: number[]): number;

export interface LighthouseRun {
  scores: Record<string, number>;
  failing: string[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The largest paint's element and its phases, for the log. */
  lcpElement?: string;
  lcpPhases?: string;
}

export interface TableRow {
  area: string;
  measure: string;
  value: string;
  target: string;
  pass: boolean | '';
}

export declare function interleavedTable(options: {
  site: string;
  bare: string;
  pages: Record<string, string | { path: string; cookie?: string; target?: 'catalogue' | 'booking' | 'report' }>;
  runs?: number;
  presets?: ('mobile' | 'desktop')[];
  audit: (url: string, preset: 'mobile' | 'desktop', cookie?: string) => Promise<LighthouseRun>;
  log?: (line: string) => void;
}): Promise<TableRow[]>;
