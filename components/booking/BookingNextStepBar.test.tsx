/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { BookingNextStepBar } from './BookingNextStepBar';

type Report = (entries: Partial<IntersectionObserverEntry>[]) => void;
let report: Report = () => undefined;
const observed: Element[] = [];

beforeEach(() => {
  observed.length = 0;
  Object.defineProperty(window, 'IntersectionObserver', {
    configurable: true,
    value: class {
      constructor(callback: (entries: IntersectionObserverEntry[]) => void) {
        report = (entries) => callback(entries as IntersectionObserverEntry[]);
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {}
    },
  });
});

function renderBar(show: boolean) {
  return render(
    <>
      <h2 id="visit-summary-heading">Your visit</h2>
      <BookingNextStepBar show={show} targetId="visit-summary-heading" label="Review and book" />
    </>,
  );
}

const below = { isIntersecting: false, boundingClientRect: { top: 1200 } as DOMRectReadOnly };
const inView = { isIntersecting: true, boundingClientRect: { top: 300 } as DOMRectReadOnly };
const passed = { isIntersecting: false, boundingClientRect: { top: -400 } as DOMRectReadOnly };

describe('<BookingNextStepBar>', () => {
  it('leads to the summary while it is below the screen, and goes once it is in view or passed', () => {
    renderBar(true);
    expect(observed.map((element) => element.id)).toEqual(['visit-summary-heading']);
    expect(screen.queryByRole('link', { name: 'Review and book' })).not.toBeInTheDocument();
    act(() => report([below]));
    expect(screen.getByRole('complementary', { name: 'Next step' })).toContainElement(screen.getByRole('link', { name: 'Review and book' }));
    expect(screen.getByRole('link', { name: 'Review and book' })).toHaveAttribute('href', '#visit-summary-heading');
    act(() => report([inView]));
    expect(screen.queryByRole('link', { name: 'Review and book' })).not.toBeInTheDocument();
    act(() => report([passed]));
    expect(screen.queryByRole('link', { name: 'Review and book' })).not.toBeInTheDocument();
  });

  it('shows nothing, and watches nothing, until every service has its time', () => {
    renderBar(false);
    expect(observed).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Review and book' })).not.toBeInTheDocument();
  });
});
