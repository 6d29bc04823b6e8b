/**
 * The saved state of the personal pages' rows in `npm run bench`: a booking cart of two areas (a wax and a facial, as
 * e2e/booking-taps.spec.ts books), written by the browser's own codecs, and a signed-in customer of the benchmark's
 * database (DATA_DIR). Prints one JSON line: { card, session }, each a `name=value` cookie.
 *   DATA_DIR=... node --conditions=react-server --import tsx scripts/bench/personal-seed.ts
 */
import { allServiceItems } from '@/lib/catalog/catalog';
import { emptyBookingCard } from '@/lib/booking/card';
import { bookingCardToCookie } from '@/lib/persistence/card';
import { COOKIE_NAMES } from '@/lib/persistence/cookies';
import { addToCard } from '@/stores/card-edits';

const plain = (areaId: number) => allServiceItems().find((item) => item.gen === 0 && item.areaId === areaId && item.price > 0)!;

async function main() {
  let card = emptyBookingCard();
  for (const item of [plain(1), plain(3)]) {
    card = addToCard(card, { id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration }, { location: 1 }).card;
  }
  const { getDatabase, closeDb } = await import('@/lib/db');
  const { signedIn } = await import('@/lib/booking/test-support/fixtures');
  try {
    const { cookie } = await signedIn((await getDatabase()).db, 'customer');
    return { card: `${COOKIE_NAMES.card}=${bookingCardToCookie(card)}`, session: cookie };
  } finally {
    await closeDb();
  }
}

process.stdout.write(`${JSON.stringify(await main())}\n`);
