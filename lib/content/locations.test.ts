import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { LOCATIONS } from '@/lib/catalog/tables';
import { setHours } from '@/lib/test-support/catalog-hours';
import { SALON_LOCATIONS, formatAddress, openingRows, salonLocationById, salonLocationBySlug } from './locations';

describe('salon locations', () => {
  it('has the four locations by slug and id', () => {
    expect(SALON_LOCATIONS.map((location) => [location.id, location.slug])).toEqual(LOCATIONS.map((location) => [location.id, location.slug]));
    expect(salonLocationBySlug('nolita')?.id).toBe(4);
    expect(salonLocationById(3)?.slug).toBe('williamsburg');
    expect(salonLocationBySlug('paris')).toBeUndefined();
  });

  it('gives each a New York address and a distinct phone number', () => {
    for (const location of SALON_LOCATIONS) {
      expect(formatAddress(location)).toMatch(/, (New York|Brooklyn), NY 1\d{4}$/);
      expect(location.phone).toMatch(/^\+1-\d{3}-555-01\d\d$/);
    }
    expect(new Set(SALON_LOCATIONS.map((location) => location.phone)).size).toBe(4);
  });

  it('reads the opening hours as weekdays 10-20, Saturday 11-19, Sunday 11-18', () => {
    expect(openingRows(1).map((row) => [row.label, row.opens, row.closes])).toEqual([
      ['Monday–Friday', '10:00', '20:00'],
      ['Saturday', '11:00', '19:00'],
      ['Sunday', '11:00', '18:00'],
    ]);
  });

  describe('after the owner changes one location\'s hours', () => {
    afterEach(resetCatalogSnapshot);

    it('shows that location\'s week, a closed day as closed, and leaves the others as they were', () => {
      setHours(2, { week: { 3: { open: 12 * 60, close: 20 * 60 }, 6: { open: 11 * 60, close: 17 * 60 }, 0: null } });
      expect(openingRows(2).map((row) => [row.label, row.opens, row.closes])).toEqual([
        ['Monday–Tuesday', '10:00', '20:00'],
        ['Wednesday', '12:00', '20:00'],
        ['Thursday–Friday', '10:00', '20:00'],
        ['Saturday', '11:00', '17:00'],
        ['Sunday', null, null],
      ]);
      expect(openingRows(1).at(-2)).toMatchObject({ label: 'Saturday', closes: '19:00' });
    });
  });
});
