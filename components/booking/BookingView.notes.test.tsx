/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingCard } from '@/lib/booking/card';
import type { BookingContext } from './booking-types';
import { NOTES_STORAGE_KEY, NOTES_UNREAD_MESSAGE } from './messages';
import { bookedService, bookingCard, oneAreaVisitAnswer, reply, resetBookingPage, serviceSummary as summary } from './test-support/booking-fixtures';
import { renderBookingView } from './test-support/render-booking-view';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/components/account/code-actions', () => ({ codeSignInAction: jest.fn() }));
// The notes' schema loads only when the tab keeps notes: a test can make that load fail, as a dropped connection does.
let mockSchemaLoads = true;
jest.mock('./notes-schema', () =>
  jest.requireActual('./test-support/load-on-demand').loadOnDemand(jest.requireActual('./notes-schema'), 'notesSchema', () => mockSchemaLoads),
);

const LASER = '11111111-1111-4111-8111-111111111111';
const FACIAL = '33333333-3333-4333-8333-333333333333';
const DAY = '2026-12-05';

const card = (): BookingCard =>
  bookingCard([
    { area: 1, date: DAY, services: [bookedService(LASER, 4)] },
    { area: 3, date: DAY, services: [bookedService(FACIAL, 16384)] },
  ]);

const context: BookingContext = {
  services: { [LASER]: summary(LASER, 'Underarm', 1, 4, 30, 100), [FACIAL]: summary(FACIAL, 'Signature Facial', 3, 16384, 60, 150) },
  therapists: {},
  customer: null,
  patchTests: [],
  today: '2026-11-23',
  lastDay: '2027-05-22',
};

const hairNote = () => screen.getByLabelText('Note for Hair Removal (optional)');
const skinNote = () => screen.getByLabelText('Note for Skincare (optional)');

beforeEach(() => {
  resetBookingPage();
  mockSchemaLoads = true;
  globalThis.fetch = jest.fn(async (url: string) => reply(200, oneAreaVisitAnswer(url, () => []))) as unknown as typeof fetch;
});

describe("the booking page's notes kept in the tab", () => {
  it('come back after a reload, and what is typed is kept again', async () => {
    window.sessionStorage.setItem(NOTES_STORAGE_KEY, JSON.stringify({ 1: 'Sensitive skin', 3: 'Morning please' }));
    renderBookingView({ card: card(), context, mode: 'each' });
    await waitFor(() => expect(hairNote()).toHaveValue('Sensitive skin'));
    expect(skinNote()).toHaveValue('Morning please');
    await userEvent.type(skinNote(), '!');
    expect(JSON.parse(window.sessionStorage.getItem(NOTES_STORAGE_KEY)!)).toEqual({ 1: 'Sensitive skin', 3: 'Morning please!' });
  });

  it('a kept value the schema refuses is dropped: the page starts with no notes', async () => {
    window.sessionStorage.setItem(NOTES_STORAGE_KEY, JSON.stringify({ 1: 'x'.repeat(501) }));
    renderBookingView({ card: card(), context, mode: 'each' });
    await waitFor(() => expect(window.sessionStorage.getItem(NOTES_STORAGE_KEY)).toBe('{}'));
    expect(hairNote()).toHaveValue('');
  });

  it('notes whose schema does not load are said, and left in the tab as they were', async () => {
    const kept = JSON.stringify({ 1: 'Sensitive skin' });
    window.sessionStorage.setItem(NOTES_STORAGE_KEY, kept);
    mockSchemaLoads = false;
    const stores = renderBookingView({ card: card(), context, mode: 'each' });
    await waitFor(() => expect(stores.ui.getState().notices.map((notice) => notice.message)).toEqual([NOTES_UNREAD_MESSAGE]));
    await userEvent.type(hairNote(), 'New');
    expect(window.sessionStorage.getItem(NOTES_STORAGE_KEY)).toBe(kept);
  });
});
