/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { LazyBookingSignIn } from './LazyBookingSignIn';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/components/account/code-actions', () => ({ codeSignInAction: jest.fn() }));

/** An IntersectionObserver the test moves: `near()` brings the observed place within its margin. */
let near: () => void = () => undefined;
class TestObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    near = () => this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  disconnect() {}
}

beforeAll(() => Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: TestObserver }));
afterAll(() => Reflect.deleteProperty(window, 'IntersectionObserver'));

function renderStep() {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <StoresProvider stores={createAppStores()}>
        <LazyBookingSignIn returnPath="/booking/" holdBody={() => undefined} onSignedIn={() => undefined} />
      </StoresProvider>
    </SWRConfig>,
  );
}

const form = () => screen.queryByRole('form', { name: 'Sign in with an e-mail code' });
// The form's code is imported on demand: the first import in a worker transforms and loads its modules, which took
// over the default second on a busy two-core CI machine.
const loaded = () => screen.findByRole('form', { name: 'Sign in with an e-mail code' }, { timeout: 15_000 });

describe('LazyBookingSignIn', () => {
  it('holds the step’s place under its heading until the page’s first tap, then loads the form', async () => {
    renderStep();
    expect(screen.getByRole('region', { name: 'Sign in to book' })).toHaveTextContent('Loading the sign-in…');
    expect(form()).not.toBeInTheDocument();
    fireEvent.pointerDown(window);
    expect(await loaded()).toBeInTheDocument();
  });

  it('loads the form when the step comes near the screen', async () => {
    renderStep();
    expect(form()).not.toBeInTheDocument();
    act(() => near());
    expect(await loaded()).toBeInTheDocument();
  });
});
