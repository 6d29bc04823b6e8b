export declare class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(folder: string, pid: number);
}
export declare function lockDataDir(folder: string): () => void;
