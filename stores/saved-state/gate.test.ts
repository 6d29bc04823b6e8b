import { createPersistenceGate } from './gate';

describe('persistence gate', () => {
  it('holds actions until it opens, then runs them in order, and later ones at once', () => {
    const gate = createPersistenceGate();
    const ran: string[] = [];
    gate.whenLoaded(() => ran.push('first'));
    gate.whenLoaded(() => ran.push('second'));
    expect(ran).toEqual([]);
    expect(gate.loaded).toBe(false);
    gate.open();
    expect(gate.loaded).toBe(true);
    expect(ran).toEqual(['first', 'second']);
    gate.whenLoaded(() => ran.push('third'));
    expect(ran).toEqual(['first', 'second', 'third']);
    gate.open();
    expect(ran).toHaveLength(3);
  });

  it('tells its listeners once when it opens, before the waiting actions run', () => {
    const gate = createPersistenceGate();
    const seen: string[] = [];
    const unsubscribe = gate.subscribe(() => seen.push(`listener loaded=${gate.loaded}`));
    gate.whenLoaded(() => seen.push('action'));
    gate.open();
    gate.open();
    unsubscribe();
    expect(seen).toEqual(['listener loaded=true', 'action']);
  });

  it('starts open when told, running actions at once', () => {
    const gate = createPersistenceGate(true);
    const action = jest.fn();
    gate.whenLoaded(action);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('a failing action does not stop the next one, and its error is thrown on its own', () => {
    const gate = createPersistenceGate();
    const next = jest.fn();
    const failure = new Error('boom');
    const thrown: unknown[] = [];
    const microtask = jest.spyOn(globalThis, 'queueMicrotask').mockImplementation((callback) => {
      try {
        callback();
      } catch (error) {
        thrown.push(error);
      }
    });
    gate.whenLoaded(() => {
      throw failure;
    });
    gate.whenLoaded(next);
    gate.open();
    microtask.mockRestore();
    expect(next).toHaveBeenCalledTimes(1);
    expect(thrown).toEqual([failure]);
  });

  it('opened for reading: loaded for its listeners, writes still wait and call for the code once each, open() runs them', () => {
    const gate = createPersistenceGate();
    const seen: string[] = [];
    gate.subscribe(() => seen.push(`listener loaded=${gate.loaded}`));
    const needed = jest.fn();
    gate.openForReading(needed);
    expect(gate.loaded).toBe(true);
    expect(seen).toEqual(['listener loaded=true']);
    expect(needed).not.toHaveBeenCalled();
    gate.whenLoaded(() => seen.push('first'));
    gate.whenLoaded(() => seen.push('second'));
    expect(needed).toHaveBeenCalledTimes(2);
    expect(seen).toEqual(['listener loaded=true']);
    gate.open();
    expect(seen).toEqual(['listener loaded=true', 'first', 'second']);
    gate.whenLoaded(() => seen.push('third'));
    expect(seen).toHaveLength(4);
    expect(needed).toHaveBeenCalledTimes(2);
  });

  it('opened for reading after a write already waits: calls for the code at once; a fully open gate ignores it', () => {
    const waitingFirst = createPersistenceGate();
    waitingFirst.whenLoaded(() => {});
    const needed = jest.fn();
    waitingFirst.openForReading(needed);
    expect(needed).toHaveBeenCalledTimes(1);
    const open = createPersistenceGate(true);
    const ignored = jest.fn();
    open.openForReading(ignored);
    open.whenLoaded(() => {});
    expect(ignored).not.toHaveBeenCalled();
  });
});

