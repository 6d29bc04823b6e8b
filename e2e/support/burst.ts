import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './worker-server';
import { nextWeekday } from './journeys';

/** Bursts of bookings against a server that is then stopped (mail-crash.spec.ts, stop.spec.ts). */

/** Hair Removal's first service at SoHo and `count` starts on coming weekdays that do not overlap one another. */
export async function separateStarts(api: APIRequestContext, count: number) {
  const locations = await (await api.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const wax = locations['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
  const starts: string[] = [];
  for (let days = 7; starts.length < count && days < 60; days++) {
    const date = nextWeekday([1, 2, 3, 4, 5][days % 5]!, days);
    const { slots } = (await (await api.get(`/api/slots/1/1/0/${date}/${wax.duration}/`)).json()) as { slots: { start: string }[] };
    let free = 0;
    for (const slot of slots) {
      const at = Date.parse(slot.start);
      if (at < free || starts.includes(slot.start)) continue;
      starts.push(slot.start);
      free = at + wax.duration * 60_000;
    }
  }
  expect(starts.length).toBeGreaterThanOrEqual(count);
  const card = (svcDate: string) => ({
    header: { location: '1', gender: '0' },
    svcAreas: [{ areaId: 1, svcTherapist: 0, svcDate, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: 1, gen: wax.gen, areaId: 1 }] }] }],
  });
  return starts.slice(0, count).map(card);
}

export interface OutboxFile {
  name: string;
  /** Undefined: empty or cut short. */
  mail?: { to: string; subject: string; calendar?: { content: string } };
}

export function outboxFiles(folder: string): OutboxFile[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).map((name) => {
    try {
      return { name, mail: JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as OutboxFile['mail'] };
    } catch {
      return { name };
    }
  });
}
