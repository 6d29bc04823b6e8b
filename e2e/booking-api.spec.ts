import type { APIRequestContext } from '@playwright/test';
import { expect, request as playwrightRequest, test } from './support/worker-server';
import { signUpByApi } from './support/mail';

// The salon API's booking routes through the production server: routing, trailing slashes, session cookies,
// the Origin check and the database constraint, as a browser's fetch meets them.

const PASSWORD = 'violet-canal-58-ferry';
const SLOT_TAKEN = 'Sorry, that time was just booked. Please choose another time.';

/** The Monday at least a week ahead, in New York, 'YYYY-MM-DD'. */
function nextMonday(): string {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/New_York' }));
  const date = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + 7));
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

async function customer(baseURL: string, name: string): Promise<{ api: APIRequestContext; id: string }> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const email = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  return { api, id: (await signUpByApi(api, { name, email, password: PASSWORD })).id };
}

interface Item {
  id: string;
  duration: number;
  svcType: number;
  gen: number;
}

test('slots, a booking, the lost race, privacy and a cancel through the real server', async ({ baseURL }) => {
  const site = baseURL!;
  const ann = await customer(site, 'Ann');
  const bob = await customer(site, 'Bob');
  const date = nextMonday();

  const locations = await (await ann.api.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const hairRemoval = locations['0'].find((a: { id: number }) => a.id === 1);
  const wax: Item = hairRemoval.serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];

  const slotsPath = `/api/slots/1/1/1/${date}/${wax.duration}/`;
  const before = await (await ann.api.get(slotsPath)).json();
  expect(before.timeZone).toBe('America/New_York');
  expect(before.slots.length).toBeGreaterThan(0);
  const slot = before.slots[0];
  expect(slot.time).toBe('10:00');

  const card = {
    header: { location: '1', gender: '0' },
    svcAreas: [
      {
        areaId: 1,
        svcTherapist: 1,
        svcDate: slot.start,
        svcNote: '',
        svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: wax.svcType, gen: wax.gen, areaId: 1 }] }],
      },
    ],
  };

  const booked = await ann.api.post(`/api/appointments/${ann.id}/`, { data: card });
  expect(booked.status()).toBe(201);
  const cid = (await booked.json()).header.aptId;

  const lost = await bob.api.post(`/api/appointments/${bob.id}/`, { data: card });
  expect(lost.status()).toBe(416);
  expect((await lost.json()).error.message).toBe(SLOT_TAKEN);

  const after = await (await bob.api.get(slotsPath)).json();
  expect(after.slots.map((s: { start: string }) => s.start)).not.toContain(slot.start);

  expect((await bob.api.get(`/api/appointments/${ann.id}/`)).status()).toBe(403);
  expect((await bob.api.get(`/api/appointments/${ann.id}/${cid}/`)).status()).toBe(403);
  expect((await bob.api.get(`/api/appointments/${bob.id}/${cid}/`)).status()).toBe(403);
  expect((await bob.api.post(`/api/appointments/bof/${bob.id}/`, { data: card })).status()).toBe(403);
  const crossSite = await bob.api.post(`/api/appointments/${bob.id}/`, { data: card, headers: { origin: 'https://evil.example' } });
  expect(crossSite.status()).toBe(403);

  const mine = await (await ann.api.get(`/api/appointments/${ann.id}/`)).json();
  expect(mine.cards.map((c: { header: { aptId: string } }) => c.header.aptId)).toEqual([cid]);

  const cancelled = await ann.api.put(`/api/appointments/${ann.id}/${cid}/`, { data: { header: { status: '2' }, svcAreas: [] } });
  expect(cancelled.status()).toBe(200);
  const freed = await (await bob.api.get(slotsPath)).json();
  expect(freed.slots.map((s: { start: string }) => s.start)).toContain(slot.start);
  expect((await bob.api.post(`/api/appointments/${bob.id}/`, { data: card })).status()).toBe(201);

  expect((await ann.api.get('/api/slots/9/1/0/2027-01-11/30/')).status()).toBe(404);
  expect((await ann.api.get('/api/slots/1/1/0/2027-02-30/30/')).status()).toBe(400);

  await ann.api.dispose();
  await bob.api.dispose();
});

test('a booking 400 days ahead is refused as too far ahead, saying how far ahead one can book', async ({ baseURL }) => {
  const site = baseURL!;
  const cy = await customer(site, 'Cy');
  const locations = await (await cy.api.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const wax: Item = locations['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
  // A Monday 400 to 406 days ahead, at 10:00: opening time, with a therapist rostered for hair removal at SoHo.
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/New_York' }));
  const day = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + 400));
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  const card = {
    header: { location: '1', gender: '0' },
    svcAreas: [{ areaId: 1, svcTherapist: 0, svcDate: `${day.toISOString().slice(0, 10)} 10:00`, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: wax.svcType, gen: wax.gen, areaId: 1 }] }] }],
  };
  const refused = await cy.api.post(`/api/appointments/${cy.id}/`, { data: card });
  expect(refused.status()).toBe(422);
  const { error } = await refused.json();
  expect(error.code).toBe('too_far_ahead');
  expect(error.message).toMatch(/^That day is too far ahead: visits can be booked up to 180 days ahead, until \w+day, \w+ \d{1,2}, \d{4}\. Please choose an earlier day\.$/);
  expect(error.fields['svcAreas.0.svcDate']).toBe(error.message);
  expect((await (await cy.api.get(`/api/appointments/${cy.id}/`)).json()).cards ?? []).toEqual([]);
  await cy.api.dispose();
});
