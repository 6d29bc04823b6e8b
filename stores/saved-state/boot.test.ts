/** @jest-environment jsdom */
import { createAppStores } from '../create-stores';
import { bootSavedState, type Persistence } from './boot';
import { createPersistenceGate } from './gate';

/** A stand-in for the cookie code that records what the boot asked of it, in order. */
function fakeCode() {
  const calls: string[] = [];
  const code = {
    fillFromCookies: () => calls.push('fill'),
    bindCookiePersistence: (_stores: unknown, options?: { startedBlank?: boolean }) => {
      calls.push(options?.startedBlank ? 'bind blank' : 'bind');
      return () => calls.push('unbind');
    },
  } as unknown as Persistence;
  let loads = 0;
  const loadCode = () => {
    loads += 1;
    return Promise.resolve(code);
  };
  return { calls, loadCode, loads: () => loads };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.cookie = 'bnp_fav=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('the one boot path of the saved state', () => {
  it('with saved state in the cookies: loads the code at once, fills, binds, then opens the gate', async () => {
    document.cookie = 'bnp_fav=1.e30; Path=/';
    const [stores, gate] = [createAppStores(), createPersistenceGate()];
    const { calls, loadCode } = fakeCode();
    const done = bootSavedState(stores, gate, undefined, loadCode, { current: false });
    expect(gate.loaded).toBe(false);
    await flush();
    expect(calls).toEqual(['fill', 'bind']);
    expect(gate.loaded).toBe(true);
    done();
    expect(calls).toEqual(['fill', 'bind', 'unbind']);
  });

  it('stores a personal page filled already (LoadSavedStateNow) are bound, not filled again, and then writable', async () => {
    document.cookie = 'bnp_fav=1.e30; Path=/';
    const [stores, gate] = [createAppStores(), createPersistenceGate()];
    gate.openForReading(() => {});
    const { calls, loadCode } = fakeCode();
    bootSavedState(stores, gate, undefined, loadCode, { current: false })();
    await flush();
    expect(calls).toEqual([]);
    const again = bootSavedState(stores, gate, undefined, loadCode, { current: false });
    gate.whenLoaded(() => calls.push('write'));
    expect(calls).toEqual([]);
    await flush();
    expect(calls).toEqual(['bind', 'write']);
    again();
  });

  it('with nothing saved: readable at once, and the same path runs at the first need, bound as blank', async () => {
    const [stores, gate] = [createAppStores(), createPersistenceGate()];
    const { calls, loadCode, loads } = fakeCode();
    const startedBlank = { current: false };
    const done = bootSavedState(stores, gate, undefined, loadCode, startedBlank);
    expect(gate.loaded).toBe(true);
    let ran = false;
    gate.whenLoaded(() => (ran = true));
    expect(ran).toBe(false);
    await flush();
    expect(loads()).toBe(1);
    expect(calls).toEqual(['bind blank']);
    expect(ran).toBe(true);
    expect(startedBlank.current).toBe(true);
    done();
  });

  it('with nothing saved and nothing needed, loads no code', async () => {
    const [stores, gate] = [createAppStores(), createPersistenceGate()];
    const { loadCode, loads } = fakeCode();
    const done = bootSavedState(stores, gate, undefined, loadCode, { current: false });
    await flush();
    expect(loads()).toBe(0);
    stores.favorites.getState().add('00000000-0000-4000-8000-000000000001');
    await flush();
    expect(loads()).toBe(1);
    done();
  });
});
