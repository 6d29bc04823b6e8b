import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-server';
import { formatUsd } from '../lib/catalog/format';
import { allServiceItems } from '../lib/catalog/catalog';
import { allGenderedSegments } from '../lib/catalog/routes';
import { SITE_NAME } from '../lib/catalog/tables';
import { cardToCookie, emptyCard } from '../lib/persistence/card';
import { COOKIE_NAMES } from '../lib/persistence/cookies';
import { bundleServiceLabel, offerGender, offerHeading, offersOfKind, resolveCatalogPage, resolveSpecialsPage, type MenuPage, type ServicePage } from '../lib/content/catalog-pages';
import { SALON_LOCATIONS } from '../lib/content/locations';
import { sweep } from './support/sweep';
import { allContentPages } from '../lib/content/pages';
import { documentTitle } from '../lib/seo/metadata';

// Independent page reads: the workers share them instead of one taking the whole file.
test.describe.configure({ mode: 'parallel' });

/**
 * The canonical path. The prerendered head carries the build's SITE_URL; when the server runs with another one
 * (as the test server may), React adds the runtime's link too: both must name the same path.
 */
async function canonical(page: Page): Promise<string> {
  const hrefs = await page.locator('link[rel="canonical"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const paths = [...new Set(hrefs.map((href) => new URL(href, 'http://x').pathname))];
  expect(paths).toHaveLength(1);
  return paths[0]!;
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((text) => {
    const data = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
}

test('service menu: every tab segment for both genders', async ({ page }) => {
  await sweep(allGenderedSegments(), ({ segment }) => `/services/${segment}/`, async ({ segment }) => {
    const model = resolveCatalogPage(segment) as MenuPage;
    const response = await page.goto(`/services/${segment}/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(model.h1);
    await expect(page).toHaveTitle(documentTitle(model.title));
    expect(await canonical(page)).toBe(model.canonicalPath);
    // One compact row per service: its name links to its page, with duration, price, favourite and Add.
    const rows = page.locator('main li.svc-row:visible');
    await expect(rows).toHaveCount(model.items.length);
    for (const item of [model.items[0]!, model.items.at(-1)!]) {
      const row = rows.filter({ has: page.getByRole('link', { name: item.name, exact: true }) }).first();
      await expect(row).toContainText(item.price === 0 ? 'Free' : formatUsd(item.price));
      await expect(row.getByRole('button', { name: new RegExp(`^(Add to booking|Added to booking): ${item.name.replace(/[()]/g, '\\$&')}`) })).toBeVisible();
    }
  });
});

test('a bare tab name serves the default gender, canonical to its gendered segment', async ({ page }) => {
  await page.goto('/services/laser/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Women's Laser Hair Removal in NYC");
  expect(await canonical(page)).toBe('/services/womens-laser/');
});

test('a bare tab follows the visitor\u2019s gender from the booking card', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: COOKIE_NAMES.card, value: cardToCookie(emptyCard({ gender: '1' })), url: baseURL! }]);
  await page.goto('/services/laser/');
  await expect(page).toHaveURL(/\/services\/mens-laser\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Men's Laser Hair Removal in NYC");
});

test('switching gender and location switches the menu', async ({ page }) => {
  await page.goto('/services/womens-wax/');
  await page.getByRole('navigation', { name: 'Women or men' }).getByRole('link', { name: 'Men', exact: true }).click();
  await expect(page).toHaveURL(/\/services\/mens-wax\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Men's Waxing in NYC");
  await page.getByRole('navigation', { name: 'Locations' }).getByRole('link', { name: 'Midtown' }).click();
  await expect(page).toHaveURL(/\/midtown\/services\/mens-wax\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Men's Waxing at Midtown");
  // The page in view is marked in each row, as the server drew it (the links are drawn from short tuples).
  for (const [row, name] of [['Women or men', 'Men'], ['Service categories', 'Waxing'], ['Locations', 'Midtown']] as const) {
    await expect(page.getByRole('navigation', { name: row }).locator('a[aria-current="page"]')).toHaveText([name]);
  }
  const model = resolveCatalogPage('mens-wax', 'midtown') as MenuPage;
  await expect(page.locator('main li.svc-row:visible')).toHaveCount(model.items.length);
  expect(await canonical(page)).toBe('/midtown/services/mens-wax/');
});

test('on a desktop every category and location chip of a menu shows, none cut off by the row', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/services/womens-wax/');
  for (const name of ['Service categories', 'Locations']) {
    const row = page.getByRole('navigation', { name }).getByRole('list');
    const box = (await row.boundingBox())!;
    const links = row.getByRole('link');
    expect(await links.count()).toBeGreaterThan(3);
    for (const link of await links.all()) {
      const chip = (await link.boundingBox())!;
      expect(chip.x, `${name}: ${await link.textContent()}`).toBeGreaterThanOrEqual(box.x - 0.5);
      expect(chip.x + chip.width, `${name}: ${await link.textContent()}`).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
    expect(await row.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  }
});

test('a location without the service says so, is noindex and links to the locations that have it', async ({ page }) => {
  await page.goto('/midtown/services/womens-skin-care/');
  await expect(page.getByRole('heading', { name: 'Not bookable online at Midtown' })).toBeVisible();
  await expect(page.locator('main li.svc-row:visible')).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('link', { name: 'SoHo', exact: true }).last().click();
  await expect(page).toHaveURL(/\/soho\/services\/womens-skin-care\/$/);
  await expect(page.locator('main li.svc-row:visible').first()).toBeVisible();

  await page.goto('/williamsburg/services/womens-wax/');
  await expect(page.getByRole('heading', { name: 'Not bookable online at Williamsburg' })).toBeVisible();
});

test.describe('one page per service moniker', () => {
  const items = allServiceItems();
  // One service of every section (type and gender), the first and the last of the catalogue.
  const samples = items.filter((item, index) => index === 0 || index === items.length - 1 || items.findIndex((other) => other.svcType === item.svcType && other.gen === item.gen) === index);
  test('the first and the last service and one of every section', async ({ page }) => {
    await sweep(samples, (item) => `/services/${item.moniker}/`, async (item) => {
      const model = resolveCatalogPage(item.moniker) as ServicePage;
      await page.goto(`/services/${item.moniker}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title);
      await expect(page).toHaveTitle(documentTitle(model.title));
      expect(await canonical(page)).toBe(`/services/${item.moniker}/`);
      // Name, duration, price and Add come first on a service's page.
      await expect(page.getByRole('button', { name: `Add to booking: ${item.name}`, exact: true })).toBeVisible();
      await expect(page.locator('main')).toContainText(item.price === 0 ? 'Free' : formatUsd(item.price));
      const service = (await jsonLd(page)).find((data) => data['@type'] === 'Service');
      expect(service).toMatchObject({ name: item.title, offers: { '@type': 'Offer', price: item.price.toFixed(2), priceCurrency: 'USD' } });
    });
  });

  test('a location variant of a service page', async ({ page, request }) => {
    const item = items.find((candidate) => candidate.svcType === 1)!;
    await page.goto(`/nolita/services/${item.moniker}/`);
    // The salon's own page: not the main page's heading and description again.
    const here = `${item.title.replace(/,? in NYC$/, '')} at Nolita`;
    await expect(page).toHaveTitle(documentTitle(here));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(here);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(`^${item.name} at our Nolita salon, \\d+ `));
    expect(await canonical(page)).toBe(`/nolita/services/${item.moniker}/`);
    await expect(page.getByRole('button', { name: `Add to booking: ${item.name}`, exact: true })).toBeVisible();
    // Not in the build (locationServiceParams): rendered at its first view, then one cached page for every visitor.
    const [first, second] = [await request.get(`/nolita/services/${item.moniker}/`), await request.get(`/nolita/services/${item.moniker}/`)];
    expect(second.headers()['cache-control']).toMatch(/\bs-maxage=\d+/);
    expect(second.headers()['set-cookie']).toBeUndefined();
    expect(await second.text()).toBe(await first.text());
  });
});

test.describe('specials, packages and bundles', () => {
  test('specials list packages and bundles by gender and tab with original price, discount and price per session', async ({ page }) => {
    const model = resolveSpecialsPage(['women', 'laser'])!;
    await page.goto('/specials/women/laser/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(model.title);
    expect(await canonical(page)).toBe('/specials/women/laser/');
    await expect(page.locator('main article:visible')).toHaveCount(model.offers.length);
    const offer = model.offers.find((candidate) => candidate.pvQtyCombined === 6)!;
    const card = page.getByRole('article', { name: offer.pvTitle });
    await expect(card).toContainText(formatUsd(offer.pvPrice));
    await expect(card).toContainText(formatUsd(offer.psvc[0]!.svcPrice * 6));
    await expect(card).toContainText(`${offer.discPrcentage}% off`);
    await expect(card).toContainText(formatUsd(Math.round((offer.pvPrice / 6) * 100) / 100));
    await card.getByRole('link', { name: offer.pvTitle }).click();
    await expect(page).toHaveURL(new RegExp(`/packages/${offer.moniker}/$`));
    // The page's heading says whose and what on its own: 'Underarm Laser for Women, 6 sessions'.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(offerHeading(offer));
    expect(offerHeading(offer)).toMatch(/ Laser for Women, 6 sessions$/);
  });

  test('/specials/1/ is the men\u2019s specials page, canonical to /specials/men/', async ({ page }) => {
    await page.goto('/specials/1/');
    expect(await canonical(page)).toBe('/specials/men/');
    await expect(page.locator('main article:visible')).toHaveCount(resolveSpecialsPage(['men'])!.offers.length);
  });

  test('a package page and a bundle page', async ({ page }) => {
    const pkg = offersOfKind('package')[0]!;
    await page.goto(`/packages/${pkg.moniker}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(offerHeading(pkg));
    await expect(page.getByRole('button', { name: new RegExp(`^Buy`) })).toBeVisible();
    expect(await canonical(page)).toBe(`/packages/${pkg.moniker}/`);
    expect((await jsonLd(page)).find((data) => data['@type'] === 'Product')).toMatchObject({ sku: pkg.pvSku, offers: { price: pkg.pvPrice.toFixed(2), priceCurrency: 'USD' } });
    // The visible trail is also the search engines' BreadcrumbList.
    const trail = (await jsonLd(page)).find((data) => data['@type'] === 'BreadcrumbList') as { itemListElement: { position: number; name: string; item: string }[] };
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    await expect(crumbs).toHaveText([/^Women's specials|^Men's specials/, offerHeading(pkg)]);
    const women = offerGender(pkg) === 0;
    expect(trail.itemListElement.map((crumb) => [crumb.position, crumb.name, new URL(crumb.item).pathname])).toEqual([
      [1, women ? "Women's specials" : "Men's specials", women ? '/specials/women/' : '/specials/men/'],
      [2, offerHeading(pkg), `/packages/${pkg.moniker}/`],
    ]);

    const bundle = offersOfKind('bundle')[0]!;
    await page.goto(`/bundles/${bundle.moniker}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(offerHeading(bundle));
    // Each service by its title without whose: a bundle mixes treatments ('Upper Lip Laser Hair Removal', 'Free Laser Patch Test, Face').
    for (const svc of bundle.psvc) await expect(page.getByRole('link', { name: bundleServiceLabel(svc), exact: true })).toBeVisible();
    await expect(page.locator('main')).toContainText(formatUsd(bundle.pvPrice));
  });
});

test.describe('content pages', () => {
  // What this checks is in the server's HTML, as a phone shows it before its scripts arrive: read without running
  // them. a11y and phone-layout load the kinds of content page with scripts.
  test.use({ javaScriptEnabled: false });
  test('every content page', async ({ page }) => {
    await sweep(allContentPages(), (content) => `/${content.slug}/`, async (content) => {
      const response = await page.goto(`/${content.slug}/`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.title);
      await expect(page).toHaveTitle(documentTitle(content.title));
      expect(await canonical(page)).toBe(`/${content.slug}/`);
    });
  });

  test('/locations/ gives every location its address, phone, hours and a BeautySalon', async ({ page }) => {
    await page.goto('/locations/');
    for (const location of SALON_LOCATIONS) {
      const section = page.getByRole('region', { name: location.name, exact: true });
      await expect(section).toContainText(location.street);
      await expect(section.getByRole('link', { name: location.phoneDisplay })).toHaveAttribute('href', `tel:${location.phone}`);
      await expect(section).toContainText('Monday–Friday');
      await expect(section).toContainText('10 AM – 8 PM');
      await expect(section).toContainText('11 AM – 7 PM');
      await expect(section).toContainText('11 AM – 6 PM');
    }
    const salons = (await jsonLd(page)).filter((data) => data['@type'] === 'BeautySalon');
    expect(salons.map((salon) => salon.telephone)).toEqual(SALON_LOCATIONS.map((location) => location.phone));
  });
});

test.describe('search engines', () => {
  test('sitemap.xml lists every moniker, package and bundle; robots.txt points to it', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    for (const item of allServiceItems()) expect(xml).toContain(`/services/${item.moniker}/</loc>`);
    for (const offer of offersOfKind('package')) expect(xml).toContain(`/packages/${offer.moniker}/</loc>`);
    for (const offer of offersOfKind('bundle')) expect(xml).toContain(`/bundles/${offer.moniker}/</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });

  test('the sign-in and sign-up forms, at any of their ?url= addresses, are not for search results', async ({ page }) => {
    for (const path of ['/signin/', '/signin/?url=%2Fspecials%2F', '/signup/', '/signup/?url=%2Fbooking%2F']) {
      await page.goto(path);
      const robots = await page.locator('meta[name="robots"]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('content')));
      expect(robots, path).toEqual(['noindex, follow']);
    }
  });

  test("home's picture is in its HTML, no request of its own; another page that prefetches home downloads nothing for it", async ({ page, request }) => {
    const home = await (await request.get('/')).text();
    expect(home).toMatch(/<img [^>]*src="data:image\/svg\+xml,%3Csvg /);
    expect(home).not.toContain('/images/illustrations/hero.svg');
    const pictures: string[] = [];
    const warnings: string[] = [];
    page.on('request', (asked) => {
      if (/\/images\/illustrations\//.test(asked.url())) pictures.push(asked.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const homePrefetched = page.waitForRequest((asked) => new URL(asked.url()).pathname === '/' && asked.url().includes('_rsc='));
    await page.goto('/services/');
    await homePrefetched;
    await page.waitForTimeout(3500);
    expect(pictures.filter((url) => url.endsWith('/hero.svg'))).toEqual([]);
    expect(warnings.filter((text) => /preloaded/.test(text))).toEqual([]);
  });

  test('the home page has the site name as title, a description and Open Graph tags', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(SITE_NAME);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', SITE_NAME);
    expect(await canonical(page)).toBe('/');
  });

  test('a shared link shows the brand picture: home, a menu, a package and the sign-in page', async ({ page, request }) => {
    for (const path of ['/', '/services/womens-wax/', `/packages/${offersOfKind('package')[0]!.moniker}/`, '/signin/']) {
      await page.goto(path);
      // Absolute, at SITE_URL (the build's origin for prerendered pages).
      await expect(page.locator('meta[property="og:image"]'), path).toHaveAttribute('content', /^https?:\/\/[^/]+\/images\/share\.png$/);
      await expect(page.locator('meta[property="og:image:width"]'), path).toHaveAttribute('content', '1200');
      await expect(page.locator('meta[name="twitter:card"]'), path).toHaveAttribute('content', 'summary_large_image');
    }
    const picture = await request.get('/images/share.png');
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/png');
  });

  test('a missing service, location, specials tab, package, bundle or page is the 404 page', async ({ page }) => {
    const missing = ['/services/no-such-service/', '/paris/services/womens-wax/', '/soho/services/nope/', '/specials/kids/', '/specials/women/nails/', '/packages/nope/', '/bundles/nope/', '/no-such-page/'];
    await sweep(missing, (path) => path, async (path) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle('Error 404 (Not Found)');
    });
  });
});

test.describe('home, header and footer', () => {
  test('home: hero buttons, Latest News and Receive Offers', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Patch Test' })).toHaveAttribute('href', '/services/womens-lpt/');
    await expect(page.getByRole('main').getByRole('link', { name: 'Services', exact: true })).toHaveAttribute('href', '/services/laser/');
    // Side by side, the two labels sit on one line: the same height and the same text middle.
    const middles = await page.getByRole('main').getByRole('link', { name: /^(Patch Test|Services)$/ }).evaluateAll((links) =>
      links.map((link) => {
        const range = document.createRange();
        range.selectNodeContents(link);
        const text = range.getBoundingClientRect();
        const box = link.getBoundingClientRect();
        return { height: box.height, middle: Math.round(text.top + text.height / 2 - box.top) };
      }),
    );
    expect(middles).toHaveLength(2);
    expect(middles[0]).toEqual(middles[1]);
    await expect(page.getByRole('heading', { name: 'Latest News' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Receive Offers' })).toBeVisible();
    await expect(page.getByPlaceholder('{email}')).toBeVisible();
  });

  test('wide screens: Services, Specials and Locations in the header; a phone link', async ({ page }) => {
    await page.goto('/services/womens-wax/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Services', 'Specials', 'Locations']) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(page.locator('header a[href^="tel:"]')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: SITE_NAME })).toHaveAttribute('href', '/');
  });

  test('narrow screens: the left drawer holds Sign In, Services, Specials, Locations and Tips', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/specials/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin/?url=%2Fspecials%2F');
    for (const name of ['Services', 'Specials', 'Locations', 'Waxing Tips', 'Laser Tips']) await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Locations', exact: true }).click();
    await expect(page).toHaveURL(/\/locations\/$/);
    await expect(drawer).toBeHidden();
  });

  test('the footer has its four columns, social links and scroll-to-top', async ({ page }) => {
    await page.goto('/about-us/');
    const footer = page.getByRole('contentinfo');
    for (const heading of ['Services', 'Contact', 'Resources', 'Legal']) await expect(footer.getByRole('heading', { name: heading })).toBeVisible();
    for (const name of ['Online Booking', 'Contact Us', 'About Us', 'Tips', 'How To', 'Site Map', 'COVID-19 Information', 'Privacy Policy', 'Terms of Service', 'Sales & Refunds', 'Cancellation Policy', 'Gift Cards Policy']) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: /on Instagram/ })).toBeVisible();
    // A keyboard's focus ring shows on the dark footer: white there, not the brand colour (1.2:1 against it).
    const legal = footer.getByRole('link', { name: 'Gift Cards Policy', exact: true });
    await legal.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(legal).toBeFocused();
    expect(await legal.evaluate((link) => getComputedStyle(link).outlineColor)).toBe('rgb(255, 255, 255)');
    await footer.getByRole('button', { name: 'Back to top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('no link on the main page types leads to a missing page', async ({ page, request }) => {
    // The site map alone links every service: a few hundred requests.
    test.setTimeout(300_000);
    const seen = new Set<string>();
    for (const path of ['/', '/services/womens-wax/', `/services/${allServiceItems()[0]!.moniker}/`, '/specials/women/', '/locations/', '/site-map/', '/midtown/services/womens-skin-care/']) {
      await page.goto(path);
      const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      for (const href of hrefs) seen.add(href.split('#')[0]!.split('?')[0]!);
    }
    const missing: string[] = [];
    for (const href of seen) {
      const response = await request.get(href, { maxRedirects: 0 });
      if (response.status() >= 400) missing.push(`${href} ${response.status()}`);
    }
    expect(missing).toEqual([]);
  });
});

test("the specials' categories: every chip in view on a desktop, one scrolling row on a narrow screen", async ({ page }) => {
  const chips = page.getByRole('navigation', { name: 'Service categories' }).getByRole('link');
  const inView = async () => {
    const width = await page.evaluate(() => innerWidth);
    const boxes = await chips.evaluateAll((links) => links.map((link) => link.getBoundingClientRect()).map((box) => ({ right: box.right, top: box.top })));
    return { all: boxes.every((box) => box.right <= width), rows: new Set(boxes.map((box) => Math.round(box.top))).size };
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/specials/women/');
  expect((await inView()).all).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  const narrow = await inView();
  expect(narrow.rows).toBe(1);
  expect(narrow.all).toBe(false);
});
