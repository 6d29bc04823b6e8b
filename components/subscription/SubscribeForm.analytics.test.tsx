/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { SubscribeForm } from './SubscribeForm';

Object.assign(globalThis, { TextEncoder, TextDecoder });
// Records when Vercel's analytics module is first loaded: a static import would load it with the form.
const mockAnalytics = { loaded: 0, tracked: [] as string[] };
jest.mock('@vercel/analytics', () => {
  mockAnalytics.loaded += 1;
  return { track: (name: string) => mockAnalytics.tracked.push(name) };
});
jest.mock('./actions', () => ({ subscribeAction: jest.requireActual('@/components/forms/progressive-action.mock').progressiveAction() }));

it('loads the analytics code only when a subscription succeeds, then counts it', async () => {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 201, json: async () => ({ ok: true }) }) as Response);
  render(
    <StoresProvider stores={createAppStores()}>
      <SubscribeForm />
    </StoresProvider>,
  );
  expect(mockAnalytics.loaded).toBe(0);
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  await waitFor(() => expect(mockAnalytics.tracked).toEqual(['subscribe']));
  expect(mockAnalytics.loaded).toBe(1);
});
