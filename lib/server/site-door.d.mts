export interface SiteDoor {
  /**
   * Opened by server.mjs: the pages that show any of these tags changed. Next.js renders each of them again at its
   * next view, and the page cache forgets its copies. Absent without server.mjs (tests, `next dev`).
   */
  pagesChanged?: (tags: readonly string[]) => void;
  /**
   * Set by server.mjs: it has set the client's address, X-Forwarded-Proto and -Host on every request and refused bad
   * addresses before Next.js. Absent under `next start`, where the middleware does what it can of that instead.
   */
  frontServer?: true;
  /** Opened by the site at start: true for the address of a catalogue page that does not exist (answered 404 before rendering). */
  missingPage?: (pathname: string) => boolean;
  /** Opened by the site at start: stops what it started (the catalogue's follower) before the database closes. */
  stopSite?: () => Promise<void>;
}

export declare function siteDoor(): SiteDoor;
