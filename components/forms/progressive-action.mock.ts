/**
 * For component tests: a jest mock standing in for a server action, with the hook React's server renderer uses to
 * render a form for progressive enhancement (what Next.js gives each server action reference, `$$FORM_ACTION`). With
 * it, renderToString shows whether a form would post before its scripts load.
 */
export function progressiveAction<T extends (...args: never[]) => Promise<unknown>>(): jest.MockedFunction<T> {
  const formAction = (prefix: string) => {
    const data = new FormData();
    data.append(`$ACTION_${prefix}:0`, '{"id":"test-action","bound":null}');
    return { name: `$ACTION_REF_${prefix}`, method: 'POST', encType: 'multipart/form-data', data };
  };
  const action = jest.fn() as unknown as jest.MockedFunction<T>;
  const bind = (thisArg: unknown, ...args: unknown[]) => Object.assign(Function.prototype.bind.call(action, thisArg, ...args), { $$FORM_ACTION: formAction });
  return Object.assign(action, { $$FORM_ACTION: formAction, bind });
}
