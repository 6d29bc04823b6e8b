import { bundleLabel, discountedPrice, formatDuration, formatServiceDuration, formatUsd, offerOriginalPrice, pricePerSession, shownDurationMinutes } from './format';

describe('formatDuration', () => {
  it.each([
    [15, '15 min'],
    [45, '45 min'],
    [60, '1 hr'],
    [75, '1 hr 15 min'],
    [120, '2 hrs'],
    [150, '2 hrs 30 min'],
    [180, '3 hrs'],
    [345, '5 hrs 45 min'],
    [360, '360 min'],
    [420, '420 min'],
  ])('%i minutes read %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe('the 15-minute rule for add-on, cupping and massage codes', () => {
  it.each([16, 8388608, 33554432, 16777216])('type %i shows 15 minutes less', (svcType) => {
    expect(shownDurationMinutes({ duration: 60, svcType, title: 'Deep Tissue Massage' })).toBe(45);
  });
  it('does not shorten Heeled treatments', () => {
    expect(shownDurationMinutes({ duration: 60, svcType: 16777216, title: 'Heeled Massage for Women' })).toBe(60);
    expect(formatServiceDuration({ duration: 75, svcType: 16777216, title: 'Massage', name: 'Heeled Foot Massage' })).toBe('1 hr 15 min');
  });
  it('leaves other types alone', () => {
    expect(formatServiceDuration({ duration: 60, svcType: 1, title: 'Brazilian Wax' })).toBe('1 hr');
  });
});

describe('prices', () => {
  it('shows US dollars, cents only when present', () => {
    expect(formatUsd(75)).toBe('$75');
    expect(formatUsd(97.5)).toBe('$97.50');
    expect(formatUsd(1200)).toBe('$1,200');
    expect(formatUsd(0)).toBe('$0');
  });
  it('applies the cart line discount: price minus price * discPrcentage / 100', () => {
    expect(discountedPrice(200, 40)).toBe(120);
    expect(discountedPrice(75, 15)).toBe(63.75);
    expect(discountedPrice(75, null)).toBe(75);
    expect(discountedPrice(75, undefined)).toBe(75);
  });
  it('divides a package into a price per session', () => {
    expect(pricePerSession(585, 3)).toBe(195);
    expect(pricePerSession(100, 3)).toBe(33.33);
  });
});

describe('offerOriginalPrice', () => {
  it('is sessions x the service price for a package and the sum of the services for a bundle', () => {
    expect(offerOriginalPrice({ pvType: 3, pvQtyCombined: 3, psvc: [{ svcPrice: 30 }] })).toBe(90);
    expect(offerOriginalPrice({ pvType: 4, pvQtyCombined: 1, psvc: [{ svcPrice: 75 }, { svcPrice: 25 }] })).toBe(100);
  });
});

describe('bundleLabel', () => {
  it("adds 'bundle' to a bundle's title unless the title ends with it already", () => {
    expect(bundleLabel('Smooth Face Wax')).toBe('Smooth Face Wax bundle');
    expect(bundleLabel('Welcome Laser Bundle')).toBe('Welcome Laser Bundle');
    expect(bundleLabel('Brazilian and Underarm Wax Bundle')).toBe('Brazilian and Underarm Wax Bundle');
  });
});
