/** @jest-environment jsdom */
import { focusMainIfLost } from './focus-on-arrival';

function page() {
  document.body.innerHTML = `
    <header><a href="/services/">Services</a></header>
    <main id="old" tabindex="-1" data-hidden><a href="/booking/">BOOK NOW</a></main>
    <main id="new" tabindex="-1"><h1>Booking confirmed</h1></main>`;
  // jsdom lays nothing out: what is in the router's hidden page is not shown.
  for (const element of document.querySelectorAll('*')) {
    (element as Element & { checkVisibility: () => boolean }).checkVisibility = () => !element.closest('[data-hidden]');
  }
}

describe('focusMainIfLost', () => {
  it("a focus left on <body> goes to the shown page's <main>", () => {
    page();
    (document.activeElement as HTMLElement | null)?.blur();
    focusMainIfLost();
    expect(document.activeElement?.id).toBe('new');
  });

  it("a focus left in the hidden page goes to the shown page's <main>", () => {
    page();
    document.querySelector<HTMLElement>('#old a')!.focus();
    focusMainIfLost();
    expect(document.activeElement?.id).toBe('new');
  });

  it("goes to the page's heading when it takes focus (the booking's confirmation)", () => {
    page();
    document.querySelector('#new h1')!.setAttribute('tabindex', '-1');
    document.querySelector<HTMLElement>('#old a')!.focus();
    focusMainIfLost();
    expect(document.activeElement?.textContent).toBe('Booking confirmed');
  });

  it('a control still shown keeps it', () => {
    page();
    document.querySelector<HTMLElement>('header a')!.focus();
    focusMainIfLost();
    expect(document.activeElement?.textContent).toBe('Services');
  });
});
