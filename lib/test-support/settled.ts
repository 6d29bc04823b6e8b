/**
 * A promise already marked as fulfilled, the way React marks the promises it receives from the server: `use()`
 * reads its value at once instead of suspending, as it does in the browser for a page's server data.
 */
export function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}
