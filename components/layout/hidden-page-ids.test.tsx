/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { Activity } from 'react';
import { watchHiddenPageIds } from './hidden-page-ids';

/** A page with the ids every sign-in form has; `extra` renders one more labelled field. */
function Page({ name, extra = false }: { name: string; extra?: boolean }) {
  return (
    <main id="main-personal" data-page={name}>
      <label htmlFor="field-email">E-mail</label>
      <input id="field-email" />
      {extra ? (
        <>
          <label htmlFor="field-code">Code</label>
          <input id="field-code" />
        </>
      ) : null}
    </main>
  );
}

/** The router's way: the page shown first, the pages left behind hidden by <Activity>, each keeping its state. */
function Pages({ shown, seen, extra }: { shown: string; seen: string[]; extra?: string }) {
  return (
    <>
      {seen.map((name) => (
        <Activity key={name} mode={name === shown ? 'visible' : 'hidden'}>
          <Page name={name} extra={name === extra} />
        </Activity>
      ))}
    </>
  );
}

const duplicates = () => {
  const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
  return ids.filter((id, index) => ids.indexOf(id) !== index);
};
const shownPage = () => document.getElementById('main-personal')?.getAttribute('data-page');
const emailLabels = () => [...((document.getElementById('field-email') as HTMLInputElement | null)?.labels ?? [])].map((label) => label.closest('main')?.getAttribute('data-page'));

// The observer's records arrive in a microtask.
const settle = () => act(async () => {});

let stop: () => void;
beforeEach(() => {
  stop = watchHiddenPageIds(document);
});
afterEach(() => stop());

describe('watchHiddenPageIds', () => {
  it('parks the ids and label targets of a page the router hid, and brings them back when it is shown again', async () => {
    const { rerender } = render(<Pages shown="booking" seen={['booking']} />);
    await settle();
    expect(shownPage()).toBe('booking');

    rerender(<Pages shown="signin" seen={['signin', 'booking']} />);
    await settle();
    expect(document.querySelectorAll('main')).toHaveLength(2);
    expect(duplicates()).toEqual([]);
    expect(shownPage()).toBe('signin');
    // Only the shown page's label names the shown field: 'E-mail', not 'E-mail E-mail'.
    expect(emailLabels()).toEqual(['signin']);
    expect(document.querySelector('[data-page="booking"]')).toHaveAttribute('data-hidden-id', 'main-personal');
    // One <main> without the hidden attribute, as HTML asks.
    expect(document.querySelectorAll('main:not([hidden])')).toHaveLength(1);

    // Back: the booking page is shown as it was, with its ids; the sign-in page's are parked.
    rerender(<Pages shown="booking" seen={['booking', 'signin']} />);
    await settle();
    expect(duplicates()).toEqual([]);
    expect(shownPage()).toBe('booking');
    expect(emailLabels()).toEqual(['booking']);
    expect(document.querySelector('main:not([hidden])')).toHaveAttribute('data-page', 'booking');
  });

  it('keeps what an older hidden page holds parked when the part around it is shown again', async () => {
    const { rerender } = render(
      <Activity mode="visible">
        <Pages shown="account" seen={['account', 'signup']} />
      </Activity>,
    );
    await settle();
    rerender(
      <Activity mode="hidden">
        <Pages shown="account" seen={['account', 'signup']} />
      </Activity>,
    );
    await settle();
    expect(document.getElementById('main-personal')).toBeNull();

    rerender(
      <Activity mode="visible">
        <Pages shown="account" seen={['account', 'signup']} />
      </Activity>,
    );
    await settle();
    expect(duplicates()).toEqual([]);
    expect(shownPage()).toBe('account');
  });

  it('parks an element rendered into a hidden page', async () => {
    const { rerender } = render(<Pages shown="signin" seen={['signin', 'booking']} />);
    await settle();
    rerender(<Pages shown="signin" seen={['signin', 'booking']} extra="booking" />);
    await settle();
    expect(document.querySelector('[data-page="booking"] input[data-hidden-id="field-code"]')).not.toBeNull();
    expect(document.getElementById('field-code')).toBeNull();

    rerender(<Pages shown="booking" seen={['booking', 'signin']} extra="booking" />);
    await settle();
    expect(document.getElementById('field-code')?.closest('main')).toHaveAttribute('data-page', 'booking');
    expect(duplicates()).toEqual([]);
  });

  it('leaves the document alone once stopped', async () => {
    stop();
    const { rerender } = render(<Pages shown="booking" seen={['booking']} />);
    rerender(<Pages shown="signin" seen={['signin', 'booking']} />);
    await settle();
    expect(duplicates()).toEqual(['main-personal', 'field-email']);
  });
});
