/** Next.js's clock for its tags table: performance.timeOrigin + performance.now(). */
export declare function nextClockNow(): number;
export declare function expireNextTags(tags: readonly string[], clocks?: { wall: number; next: number }): void;
