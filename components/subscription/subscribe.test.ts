import { subscribeOutcome } from './subscribe';

describe('subscribeOutcome', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.mocked(console.error).mockRestore());

  it('reads a 2xx as subscribed', () => {
    expect(subscribeOutcome(201, { ok: true })).toBe('subscribed');
  });

  it.each([
    ['the bare error data (the upstream API)', 'DLRecordExists'],
    ['error data in an object', { data: 'DLRecordExists' }],
    ['our error code', { error: { code: 'DLRecordExists', message: 'Already been subscribed!' } }],
  ])('reads %s as already subscribed', (_label, body) => {
    expect(subscribeOutcome(409, body)).toBe('already');
  });

  it('reads anything else as failed, and logs the status', () => {
    expect(subscribeOutcome(500, { error: { code: 'internal' } })).toBe('failed');
    expect(subscribeOutcome(422, undefined)).toBe('failed');
    expect(console.error).toHaveBeenCalledWith('Subscription answered 500');
  });
});
