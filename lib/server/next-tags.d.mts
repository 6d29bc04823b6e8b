export declare function expireNextTags(tags: readonly string[], now?: number): void;
