import { Suspense } from 'react';
import { HeaderActionsClient, SIGNED_OUT_HEADER, type HeaderServerState } from '@/components/ui/HeaderActionsClient';
import { personalState } from '@/components/ui/personal-state';

/** The personal hole of the header: reads the cookies at request time so the badges are right in the server HTML. */
async function PersonalHeaderActions() {
  const state = await personalState();
  const server: HeaderServerState = {
    shopCount: state.shop.pvItems.length,
    bookingCount: state.bookingCount,
    favoritesCount: state.favorites.length,
    name: state.auth.name || state.auth.email,
    isAuth: state.auth.isAuth,
  };
  return <HeaderActionsClient server={server} />;
}

/** The header's cart, booking and favourites icons with badges, and the profile menu. */
export function HeaderActions() {
  return (
    <Suspense fallback={<HeaderActionsClient server={SIGNED_OUT_HEADER} />}>
      <PersonalHeaderActions />
    </Suspense>
  );
}
