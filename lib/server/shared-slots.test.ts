import { setSharedSlot, sharedSlot, sharedSlotOr } from './shared-slots.mjs';
import { siteDoor } from './site-door.mjs';

/** Each Next.js bundle loads its own copy of a module; a shared slot must be one value for all of them. */
async function anotherCopy(): Promise<typeof import('./shared-slots.mjs')> {
  let copy: typeof import('./shared-slots.mjs') | undefined;
  jest.isolateModules(() => {
    copy = jest.requireActual('./shared-slots.mjs');
  });
  return copy!;
}

afterEach(() => {
  setSharedSlot('checkoutQueues', undefined);
  setSharedSlot('closeDatabase', undefined);
});

describe('the shared slots', () => {
  it('are one value for every copy of the module', async () => {
    const other = await anotherCopy();
    expect(other.sharedSlot).not.toBe(sharedSlot);
    const close = async () => undefined;
    setSharedSlot('closeDatabase', close);
    expect(other.sharedSlot('closeDatabase')).toBe(close);
    other.setSharedSlot('closeDatabase', undefined);
    expect(sharedSlot('closeDatabase')).toBeUndefined();
  });

  it('create a slot once, whoever asks first', async () => {
    const other = await anotherCopy();
    const queues = sharedSlotOr('checkoutQueues', () => new Map());
    expect(other.sharedSlotOr('checkoutQueues', () => new Map())).toBe(queues);
  });

  it('hold the site door', () => {
    const door = siteDoor();
    expect(sharedSlot('siteDoor')).toBe(door);
  });
});
