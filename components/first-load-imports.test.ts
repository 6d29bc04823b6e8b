import { isClientModule, moduleGraph } from '@/lib/test-support/module-graph';

/*
 * What every page's first-load JavaScript may not carry (docs/performance.md): the islands that hydrate with a page
 * import these modules only with import(), when something needs them. This follows the static imports from the
 * islands through the project's own files (type-only imports left out, as the compiler drops them).
 */

const FIRST_LOAD_ISLANDS = [
  'components/layout/Providers.tsx',
  'stores/saved-state/SavedStateScript.tsx',
  'components/ui/HeaderActionsClient.tsx',
  'components/layout/NavDrawer.tsx',
  'components/layout/Header.tsx',
  'components/layout/Footer.tsx',
  'components/cart/BookingBarSummary.tsx',
  'components/catalog/CatalogSearch.tsx',
  'components/catalog/ServiceList.tsx',
  'components/cart/ServiceActionsClient.tsx',
  'components/catalog/GenderRedirect.tsx',
  'components/subscription/SubscribeForm.tsx',
  'components/home/PromoBanner.tsx',
  'app/global-error.tsx',
  'app/(site)/error.tsx',
  'app/(shop)/error.tsx',
  'app/(account)/error.tsx',
  'app/(desk)/error.tsx',
];

const LOADED_ON_DEMAND = [
  'lib/catalog/tables.ts',
  'lib/catalog/routes.ts',
  'lib/catalog/search.ts',
  'stores/booking-location.ts',
  'stores/card-edits.ts',
  'stores/card-requests.ts',
  'lib/persistence/first-paint.ts',
  // The saved state's cookie code (stores/saved-state/README.md): it loads after hydration, never in a first script.
  'stores/saved-state/persistence.ts',
  'stores/saved-state/jar.ts',
  'lib/persistence/stamp.ts',
  'nookies',
  'components/home/PromoBannerContent.tsx',
  'lib/content/promo.ts',
  'components/layout/site-nav.ts',
  '@vercel/analytics',
  'components/layout/PageError.tsx',
  'components/layout/GlobalErrorBody.tsx',
  'components/layout/NavDrawerDialog.tsx',
  'components/layout/DrawerLinks.tsx',
  'components/layout/PageErrorContent.tsx',
  'components/ui/NoticeList.tsx',
  'components/subscription/subscribe-answer.ts',
  'components/subscription/subscribe.ts',
];

const BOOKING_ISLANDS = ['components/booking/BookingView.tsx', 'components/booking/waitlist-context.tsx'];

/** What the booking page loads when a request or a kept value needs it, and what only its server reads. */
const BOOKING_ON_DEMAND = [
  'components/booking/slots-schema.ts',
  'components/booking/visit-schema.ts',
  'components/booking/booking-answer.ts',
  'components/booking/deposit-hold-schema.ts',
  'components/booking/notes-schema.ts',
  'components/booking/url-parse.ts',
  'components/booking/WaitlistOffer.tsx',
  'lib/persistence/card.ts',
];

describe('first-load JavaScript', () => {
  it.each(FIRST_LOAD_ISLANDS)('%s reaches none of the modules loaded on demand', (island) => {
    const { files, packages } = moduleGraph(island);
    const reached = [...files, ...packages];
    expect(LOADED_ON_DEMAND.filter((module) => reached.some((file) => file === module || file.startsWith(`${module}/`)))).toEqual([]);
  });

  it("draws the saved-state script's element with the script's text and its marks' names only", () => {
    expect(moduleGraph('stores/saved-state/SavedStateScript.tsx').files.sort()).toEqual([
      'lib/persistence/saved-state-marks.ts',
      'lib/persistence/saved-state-script.ts',
      'stores/saved-state/SavedStateScript.tsx',
    ]);
  });

  it("keeps classic zod out of the booking page's first script (classic zod cost 13 KB of gzip)", () => {
    expect(moduleGraph('components/booking/BookingView.tsx').packages).not.toContain('zod');
  });

  // The personal pages (booking, checkout, account) fill their stores from the server's reading
  // (stores/saved-state/LoadSavedStateNow.tsx): their frame's islands carry none of the cookie code, and no zod with it
  // (docs/performance.md, 'Known limits': any zod schema in a first script brings zod's compiler).
  const COOKIE_CODE = [
    'stores/saved-state/persistence.ts',
    'stores/saved-state/jar.ts',
    'lib/persistence/card.ts',
    'lib/persistence/lists.ts',
    'lib/persistence/auth.ts',
    'lib/persistence/codec.ts',
    'lib/persistence/state.ts',
    'lib/persistence/merge.ts',
    'lib/persistence/stamp.ts',
    'nookies',
    'zod',
    'zod/mini',
  ];
  const personalIslands = [
    ...new Set(['app/layout.tsx', 'components/layout/PersonalFrame.tsx'].flatMap((frame) => moduleGraph(frame).files.filter(isClientModule))),
  ];

  it("finds the personal frame's islands (with the root layout's), the saved state's filler among them", () => {
    expect(personalIslands).toEqual(
      expect.arrayContaining(['stores/saved-state/LoadSavedStateNow.tsx', 'components/layout/Providers.tsx', 'components/ui/HeaderActionsClient.tsx']),
    );
  });

  it.each(personalIslands)("the personal frame's %s reaches none of the cookie code and no zod", (island) => {
    const { files, packages } = moduleGraph(island);
    expect(COOKIE_CODE.filter((module) => files.includes(module) || packages.includes(module))).toEqual([]);
  });

  it("the personal frame's check sees the cookie code when an island imports it", () => {
    const { files, packages } = moduleGraph('stores/saved-state/persistence.ts');
    expect(files).toContain('lib/persistence/card.ts');
    expect(packages).toContain('zod/mini');
  });

  // Any zod schema in a script brings zod's whole core (23 KB of gzip, docs/performance.md): the booking page's islands
  // (BookingLoader's client components) load their schemas with the request or the kept value they read, and take the
  // card's model, not its cookie codec. (The page's frame fills the stores from the cookies: stores/saved-state.)
  it.each(BOOKING_ISLANDS)("%s brings neither zod nor a schema module into the booking page's first script", (island) => {
    const { files, packages } = moduleGraph(island);
    expect(packages.filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
    expect(files.filter((file) => BOOKING_ON_DEMAND.includes(file))).toEqual([]);
  });

  it('sees zod in a schema module (the check follows what a chunk carries)', () => {
    expect(moduleGraph('components/booking/booking-answer.ts').packages).toContain('zod/mini');
  });

  it('follows imports (the check would see a static import of the tables)', () => {
    expect(moduleGraph('lib/catalog/catalog.ts').files).toContain('lib/catalog/tables.ts');
  });
});
