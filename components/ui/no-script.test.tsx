/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SALON_PHONE, SALON_PHONE_DISPLAY } from '@/lib/site';
import { LoadingStatus, SCRIPTS_OFF_STYLE } from './LoadingStatus';
import { NoScriptNotice } from './NoScriptNotice';

describe('LoadingStatus', () => {
  it('is a status line that the scripts-off style hides, and only that style', () => {
    render(
      <>
        <LoadingStatus>Loading your booking cart…</LoadingStatus>
        <p>Your booking cart is empty.</p>
      </>,
    );
    const loading = screen.getByRole('status');
    expect(loading).toHaveTextContent('Loading your booking cart…');
    expect(loading).toBeVisible();
    const style = document.createElement('style');
    style.textContent = SCRIPTS_OFF_STYLE;
    document.head.append(style);
    expect(loading).not.toBeVisible();
    expect(screen.getByText('Your booking cart is empty.')).toBeVisible();
    style.remove();
  });
});

describe('NoScriptNotice', () => {
  it('is in the server HTML, inside <noscript>, with what needs scripts and the phone number as a tel: link', () => {
    const html = renderToStaticMarkup(<NoScriptNotice what="Online booking" task="book your appointment" />);
    expect(html.startsWith('<noscript>')).toBe(true);
    expect(html.endsWith('</noscript>')).toBe(true);
    // Parsed as a browser with scripts off parses a <noscript>: its content is markup.
    const content = document.createElement('div');
    content.innerHTML = html.slice('<noscript>'.length, -'</noscript>'.length);
    expect([...content.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Online booking needs JavaScript, which is turned off or blocked in this browser.',
      `Turn it on and reload this page, or call us at ${SALON_PHONE_DISPLAY} to book your appointment.`,
    ]);
    const link = content.querySelector('a');
    expect(link).toHaveAttribute('href', `tel:${SALON_PHONE}`);
    expect(link).toHaveTextContent(SALON_PHONE_DISPLAY);
  });
});
