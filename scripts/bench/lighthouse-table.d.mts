export declare const CATEGORIES: string[];

/** The mobile preset with its throttling applied in the browser. */
export declare const APPLIED: 'applied';

export type Preset = 'mobile' | 'desktop' | typeof APPLIED;

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
  presets?: Preset[];
  audit: (url: string, preset: Preset, cookie?: string) => Promise<LighthouseRun>;
  log?: (line: string) => void;
}): Promise<TableRow[]>;
