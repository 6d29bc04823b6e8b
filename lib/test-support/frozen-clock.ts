/**
 * Freezes `Date.now()` at `iso` for every test of the file: the booking rules read the clock (times in the past, the
 * 24-hour cut-off, holds' expiry), so a test's dates stay in the future whenever it runs. `silenceConsoleInfo` also
 * mutes `console.info`, where the mail outbox logs each mail it sends without SMTP or drops. Call at the top level of
 * the test file; after each test every mock is restored (`jest.restoreAllMocks`), so a test may move the clock
 * itself. Returns the frozen instant in milliseconds.
 */
export function freezeClockAt(iso: string, { silenceConsoleInfo = false }: { silenceConsoleInfo?: boolean } = {}): number {
  const now = Date.parse(iso);
  if (Number.isNaN(now)) throw new Error(`freezeClockAt: not a date: ${iso}`);
  beforeEach(() => {
    jest.spyOn(Date, 'now').mockReturnValue(now);
    if (silenceConsoleInfo) jest.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());
  return now;
}
