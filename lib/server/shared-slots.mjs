// What server.mjs and the site's bundles share in one process. Next.js gives every bundle (instrumentation.ts, each
// route handler and page) its own copy of every module, and server.mjs has its own again, so a value that must be one
// per process cannot be a module's variable: it lives on globalThis. Here, under one key, every such value is a named
// slot; shared-slots.d.mts says what each one holds, who sets it and why it is shared. Nothing else in the code
// touches globalThis for this. Plain ESM so that server.mjs and the scripts need no build.

const KEY = Symbol.for('salon.shared-slots');

function slots() {
  globalThis[KEY] ??= {};
  return globalThis[KEY];
}

/** The slot's value, or undefined when nobody has set it in this process. */
export function sharedSlot(name) {
  return slots()[name];
}

/** Sets the slot (undefined empties it). */
export function setSharedSlot(name, value) {
  slots()[name] = value;
}

/** The slot's value, created by `create` the first time anyone in the process asks. */
export function sharedSlotOr(name, create) {
  const all = slots();
  all[name] ??= create();
  return all[name];
}
