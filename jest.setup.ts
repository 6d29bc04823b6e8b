import '@testing-library/jest-dom';

// The password hash's cost is not what the handler tests check, and at its real cost (lib/auth/password-cost.ts)
// it is a third of the suite's CPU. lib/auth/password.test.ts checks the real parameters.
jest.mock('@/lib/auth/password-cost', () => ({ PASSWORD_HASH_PARAMS: { logN: 10, r: 8, p: 1 } }));

// jsdom does not scroll, and says so on the console for each call: a page that scrolls (the booking page after BOOK)
// gets a window.scrollTo that does nothing, as in a page too short to scroll.
if (typeof window !== 'undefined') Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: () => undefined });

// jsdom lays nothing out, so it has no ResizeObserver: one that never reports (the desk's day view measures where its
// grid starts, to fit it to the screen).
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    writable: true,
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}
