// Prints a Cookie header for a returning visitor: three booked services and two favourites, written by the same
// codecs as the browser's. `npm run bench` loads a service page with it: the same prerendered file as for anybody.
import { allServiceItems } from '@/lib/catalog/catalog';
import { emptyBookingCard } from '@/lib/booking/card';
import { bookingCardToCookie } from '@/lib/persistence/card';
import { COOKIE_NAMES } from '@/lib/persistence/cookies';
import { favoritesToCookie } from '@/lib/persistence/lists';
import { addToCard } from '@/stores/card-edits';

const wax = allServiceItems().filter((item) => item.gen === 0 && item.svcType === 1);
let card = emptyBookingCard();
for (const item of wax.slice(0, 3)) {
  card = addToCard(card, { id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration }, { location: 1 }).card;
}
const favourites = wax.slice(3, 5).map((item) => item.id);
console.log(`${COOKIE_NAMES.card}=${bookingCardToCookie(card)}; ${COOKIE_NAMES.favorites}=${favoritesToCookie(favourites)}`);
