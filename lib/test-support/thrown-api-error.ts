import { ApiError } from '@/lib/api/errors';

/** The ApiError a synchronous rule throws; fails the test when it throws nothing or something else. */
export function thrownApiError(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError, nothing was thrown');
}

/** The ApiError a promise rejects with; fails the test when it resolves or rejects with something else. */
export async function rejectedApiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => new Error('expected an ApiError, the promise resolved'),
    (reason: unknown) => reason,
  );
  if (error instanceof ApiError) return error;
  throw error instanceof Error ? error : new Error(`expected an ApiError, got ${String(error)}`);
}

/** The status a call ends with: 200 when it resolves, else its ApiError's status. */
export async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}
