/**
 * A jest.mock factory for a module the page loads on demand (`import()` beside its use), whose load a test can make
 * fail as a dropped connection does: `name` throws while `loads()` is false. Called through jest.requireActual inside
 * the factory, which may not reference anything else from outside it.
 */
export function loadOnDemand(actual: Record<string, unknown>, name: string, loads: () => boolean): Record<string, unknown> {
  return {
    __esModule: true,
    get [name]() {
      if (!loads()) throw new Error('Loading chunk 4242 failed.');
      return actual[name];
    },
  };
}
