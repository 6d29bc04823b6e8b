import {
  bannerChangeSummary,
  bannerSchema,
  bannerStatus,
  bannerStatusLine,
  bannersToCome,
  formatDays,
  homeBanners,
  inNewsOrder,
  isSafeLink,
  moveCard,
  newsChangeSummary,
  newsCreateSchema,
  newsPatchSchema,
  nextBannerChange,
} from './promotion-rules';

describe('links on the home page', () => {
  it.each(['/specials/women/laser/', '/services/womens-wax/?tab=1#top', '/', 'https://example.com/gift-cards', 'https://shop.example.com'])('accepts %s', (link) => {
    expect(isSafeLink(link)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http://example.com/',
    'mailto:owner@example.com',
    '//evil.example/path',
    '/\\evil.example',
    'https://owner:secret@evil.example/',
    'https://salon.example@evil.example/',
    '/path with space/',
    '/tab\there/',
    'specials/women/',
    'https://',
    '',
    `/${'a'.repeat(300)}`,
  ])('refuses %j', (link) => {
    expect(isSafeLink(link)).toBe(false);
  });

  it('the schemas take no link at all, and refuse a javascript: link with a sentence naming the field', () => {
    expect(bannerSchema.parse({ text: 'Sale', startsOn: '2026-12-01', endsOn: '2026-12-02' }).link).toBe('');
    const refused = newsCreateSchema.safeParse({ title: 'Hi', text: 'There', link: 'javascript:alert(1)' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]).toMatchObject({ path: ['link'], message: expect.stringContaining('https://') });
  });
});

describe('the banner', () => {
  it('needs a text, real dates and a last day on or after the first', () => {
    const messages = (input: unknown) => (bannerSchema.safeParse(input).error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages({ text: ' ', link: '', startsOn: '2026-02-30', endsOn: 'soon' })).toEqual([
      'text: Write the text of the banner.',
      'startsOn: Give the first day as a date (YYYY-MM-DD).',
      'endsOn: Give the last day as a date (YYYY-MM-DD).',
    ]);
    expect(messages({ text: 'Sale', startsOn: '2026-12-02', endsOn: '2026-12-01' })).toEqual(['endsOn: The last day must be the first day or after it.']);
    expect(messages({ text: 'x'.repeat(141), startsOn: '2026-12-01', endsOn: '2026-12-01' })).toEqual(['text: Keep the banner under 140 characters.']);
    expect(messages({})).toEqual(['text: Write the text of the banner.', 'startsOn: Give the first day as a date.', 'endsOn: Give the last day as a date.']);
    expect(bannerSchema.parse({ text: '  Sale  ', link: ' /specials/ ', startsOn: '2026-12-01', endsOn: '2026-12-01' })).toEqual({
      text: 'Sale',
      link: '/specials/',
      startsOn: '2026-12-01',
      endsOn: '2026-12-01',
    });
  });

  it('is showing from its first day to its last, scheduled before and ended after', () => {
    const banner = { startsOn: '2026-12-01', endsOn: '2026-12-24' };
    expect(bannerStatus(banner, '2026-11-30')).toBe('scheduled');
    expect(bannerStatus(banner, '2026-12-01')).toBe('showing');
    expect(bannerStatus(banner, '2026-12-24')).toBe('showing');
    expect(bannerStatus(banner, '2026-12-25')).toBe('ended');
    expect(bannerStatusLine(banner, '2026-12-25')).toBe('Ended on Dec 24, 2026: the home page shows no banner.');
    expect(bannerStatusLine(banner, '2026-11-01')).toBe('Scheduled: it shows on the home page Dec 1 – Dec 24, 2026.');
    expect(bannerStatusLine(banner, '2026-12-01')).toBe('Showing on the home page now, until the end of Dec 24, 2026.');
  });

  it('a page rendered on a day carries the banners not yet over', () => {
    const spring = { startsOn: '2026-03-20', endsOn: '2026-06-20' };
    const winter = { startsOn: '2026-12-01', endsOn: '2026-12-24' };
    expect(bannersToCome([spring, winter], '2026-11-28')).toEqual([winter]);
    expect(bannersToCome([spring, winter], '2026-12-24')).toEqual([winter]);
    expect(bannersToCome([spring, winter], '2026-12-25')).toEqual([]);
  });

  it('changes next at New York midnight of a first day or of the day after a last day', () => {
    const winter = { startsOn: '2026-12-01', endsOn: '2026-12-24' };
    // Before it starts: midnight EST of Dec 1 is 05:00 UTC.
    expect(nextBannerChange([winter], Date.parse('2026-11-28T17:00:00Z'))).toBe(Date.parse('2026-12-01T05:00:00Z'));
    // The last second before that midnight, and its first second: then the change after it, the day after the last day.
    expect(nextBannerChange([winter], Date.parse('2026-12-01T04:59:59Z'))).toBe(Date.parse('2026-12-01T05:00:00Z'));
    expect(nextBannerChange([winter], Date.parse('2026-12-01T05:00:00Z'))).toBe(Date.parse('2026-12-25T05:00:00Z'));
    // In summer time midnight is 04:00 UTC.
    expect(nextBannerChange([{ startsOn: '2026-06-01', endsOn: '2026-06-30' }], Date.parse('2026-06-15T12:00:00Z'))).toBe(Date.parse('2026-07-01T04:00:00Z'));
    // Nothing left to start or end.
    expect(nextBannerChange([{ startsOn: '2026-03-20', endsOn: '2026-06-20' }], Date.parse('2026-11-28T17:00:00Z'))).toBeUndefined();
    expect(nextBannerChange([], Date.parse('2026-11-28T17:00:00Z'))).toBeUndefined();
  });

  it('reads in the log as what changed', () => {
    const before = { text: 'Spring laser sale', link: '/specials/women/laser/', startsOn: '2026-03-20', endsOn: '2026-06-20' };
    const after = { text: 'Winter sale', link: '', startsOn: '2026-12-01', endsOn: '2027-01-02' };
    expect(bannerChangeSummary(null, after)).toBe('New banner “Winter sale”, Dec 1, 2026 – Jan 2, 2027');
    expect(bannerChangeSummary(before, after)).toBe('Text “Spring laser sale” → “Winter sale”; Link /specials/women/laser/ → none; Dates Mar 20 – Jun 20, 2026 → Dec 1, 2026 – Jan 2, 2027');
    expect(formatDays('2026-12-01', '2026-12-01')).toBe('Dec 1, 2026');
  });
});

describe('the news cards', () => {
  it('stand by position, the older card first at the same position', () => {
    expect(inNewsOrder([{ id: 3, position: 0 }, { id: 1, position: 2 }, { id: 2, position: 0 }]).map((card) => card.id)).toEqual([2, 3, 1]);
  });

  it('move to a place, clamped to the list; an unknown card moves nothing', () => {
    expect(moveCard([1, 2, 3], 3, 0)).toEqual([3, 1, 2]);
    expect(moveCard([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(moveCard([1, 2, 3], 1, 99)).toEqual([2, 3, 1]);
    expect(moveCard([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(moveCard([1, 2, 3], 9, 0)).toEqual([1, 2, 3]);
  });

  it('a change names at least one field, and each field is checked', () => {
    expect(newsPatchSchema.safeParse({}).error?.issues[0]?.message).toBe('Send at least one of title, text, link, published or position.');
    expect(newsPatchSchema.safeParse({ position: -1 }).error?.issues[0]?.message).toBe('Give the place as 0 (first) or more.');
    expect(newsPatchSchema.safeParse({ published: 'yes' }).error?.issues[0]?.path).toEqual(['published']);
    expect(newsPatchSchema.parse({ title: ' Brows ' })).toEqual({ title: 'Brows' });
    expect(newsCreateSchema.parse({ title: 'A', text: 'B' })).toEqual({ title: 'A', text: 'B', link: '', published: true });
  });

  it('reads in the log as what changed', () => {
    const card = { title: 'Sugaring now at SoHo', text: 'Gentle.', link: '/services/sugaring-hair-removal/', published: true, place: 2 };
    expect(newsChangeSummary(card, { ...card })).toBe('');
    expect(newsChangeSummary(card, { ...card, title: 'Sugaring at SoHo and Midtown', text: 'New text', published: false, place: 1 })).toBe(
      'Title “Sugaring now at SoHo” → “Sugaring at SoHo and Midtown”; Text changed; Hidden from the home page; Moved from place 2 to 1',
    );
  });
});

describe('what the prerendered home page carries', () => {
  it('the banners not over, kept until a second past the next start or end, or 30 days when none is due', () => {
    const spring = { text: 'Spring', link: '', startsOn: '2026-03-20', endsOn: '2026-06-20' };
    const winter = { text: 'Winter', link: '', startsOn: '2026-12-01', endsOn: '2026-12-24' };
    const noon = Date.parse('2026-11-28T17:00:00Z');
    expect(homeBanners([spring, winter], noon)).toEqual({ carried: [winter], seconds: (Date.parse('2026-12-01T05:00:00Z') - noon) / 1000 + 1 });
    expect(homeBanners([spring], noon)).toEqual({ carried: [], seconds: 30 * 24 * 60 * 60 });
    // Half a second before the last day ends: rendered again just after midnight.
    expect(homeBanners([winter], Date.parse('2026-12-25T04:59:59.500Z')).seconds).toBe(2);
  });
});
