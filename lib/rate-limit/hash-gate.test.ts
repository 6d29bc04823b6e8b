import { HashGate } from './hash-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe('the password-hash gate', () => {
  it('runs at most `concurrency` at once, queues up to `queue`, and refuses the rest at once with 429', async () => {
    const gate = new HashGate(1, 2);
    let active = 0;
    let peak = 0;
    const blockers = Array.from({ length: 5 }, deferred);
    const results = blockers.map((blocker, index) =>
      gate
        .run(async () => {
          active += 1;
          peak = Math.max(peak, active);
          await blocker.promise;
          active -= 1;
          return index;
        })
        .then(
          (value) => ({ ok: true as const, value }),
          (error: { status?: number; code?: string }) => ({ ok: false as const, status: error.status, code: error.code }),
        ),
    );
    // The fourth and fifth find one running and two waiting: refused before anything finishes.
    expect(gate.full).toBe(true);
    expect(() => gate.assertRoom()).toThrow(expect.objectContaining({ status: 429, code: 'busy' }));
    await expect(results[3]).resolves.toEqual({ ok: false, status: 429, code: 'busy' });
    await expect(results[4]).resolves.toEqual({ ok: false, status: 429, code: 'busy' });
    for (const blocker of blockers) blocker.resolve();
    expect(await Promise.all(results.slice(0, 3))).toEqual([0, 1, 2].map((value) => ({ ok: true, value })));
    expect(peak).toBe(1);
    // Free again afterwards.
    expect(gate.full).toBe(false);
    await expect(gate.run(async () => 'later')).resolves.toBe('later');
  });

  it('passes on its slot when work fails', async () => {
    const gate = new HashGate(1, 1);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 7)).resolves.toBe(7);
  });
});
