/** @jest-environment jsdom */
import { renderToStaticMarkup } from 'react-dom/server';
import { SALON_PHONE, SALON_PHONE_DISPLAY } from '@/lib/site';
import GlobalError from './global-error';

let errorLog: jest.SpyInstance;
beforeEach(() => {
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errorLog.mockRestore());

describe('GlobalError', () => {
  it('is a whole document with a title, noindex, a heading, the phone and a full load of the home page', () => {
    const html = renderToStaticMarkup(<GlobalError error={new Error('root layout failed')} retry={() => {}} />);
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.title).toBe('Something went wrong | Bare & Polished NYC');
    expect(page.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(page.querySelector('h1')?.textContent).toBe('Something went wrong');
    expect(page.querySelector(`a[href="tel:${SALON_PHONE}"]`)?.textContent).toBe(SALON_PHONE_DISPLAY);
    expect([...page.querySelectorAll('a[href="/"]')].map((a) => a.textContent)).toContain('Back to the home page');
  });
});
