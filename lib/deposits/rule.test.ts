import { depositFor, depositRuleSentence, describeDepositRule, visitDeposit } from './rule';
import { depositRuleSchema } from './rule-schema';
import { formatMoneyCents } from '@/lib/catalog/format';

describe('a service deposit', () => {
  it('is none without a rule or for a free service', () => {
    expect(depositFor(null, 650)).toBe(0);
    expect(depositFor(undefined, 650)).toBe(0);
    expect(depositFor({ kind: 'fixed', cents: 5000 }, 0)).toBe(0);
  });

  it('is the fixed amount, never more than the price rounded up to the dollar', () => {
    expect(depositFor({ kind: 'fixed', cents: 10000 }, 650)).toBe(10000);
    expect(depositFor({ kind: 'fixed', cents: 10000 }, 85)).toBe(8500);
    expect(depositFor({ kind: 'fixed', cents: 10000 }, 84.5)).toBe(8500);
  });

  it('is a percentage of the price rounded up to the whole dollar', () => {
    // 25% of $85 is $21.25: the shop's $1 line takes 22.
    expect(depositFor({ kind: 'percent', percent: 25 }, 85)).toBe(2200);
    expect(depositFor({ kind: 'percent', percent: 25 }, 100)).toBe(2500);
    expect(depositFor({ kind: 'percent', percent: 10 }, 0.5)).toBe(100);
    expect(depositFor({ kind: 'percent', percent: 100 }, 70.5)).toBe(7100);
    // No floating-point surprise: 33% of $30.00 is $9.90 exactly, so $10.
    expect(depositFor({ kind: 'percent', percent: 33 }, 30)).toBe(1000);
    expect(depositFor({ kind: 'percent', percent: 50 }, 30)).toBe(1500);
  });
});

describe("a visit's deposit", () => {
  it("adds its services' deposits and leaves out the ones a package session covers", () => {
    const deposit = visitDeposit([
      { serviceId: 'micro', price: 650, rule: { kind: 'fixed', cents: 10000 }, packageCovered: false },
      { serviceId: 'lami', price: 85, rule: { kind: 'percent', percent: 25 }, packageCovered: false },
      { serviceId: 'tattoo', price: 160, rule: { kind: 'fixed', cents: 5000 }, packageCovered: true },
      { serviceId: 'wax', price: 40, rule: null, packageCovered: false },
    ]);
    expect(deposit).toEqual({ cents: 12200, lines: [{ serviceId: 'micro', cents: 10000 }, { serviceId: 'lami', cents: 2200 }] });
    expect(visitDeposit([])).toEqual({ cents: 0, lines: [] });
  });
});

describe('the stored rule', () => {
  it('takes whole dollars and whole percentages, and nothing else', () => {
    expect(depositRuleSchema.safeParse({ kind: 'fixed', cents: 5000 }).success).toBe(true);
    expect(depositRuleSchema.safeParse({ kind: 'percent', percent: 25 }).success).toBe(true);
    for (const bad of [{ kind: 'fixed', cents: 5050 }, { kind: 'fixed', cents: 0 }, { kind: 'percent', percent: 0 }, { kind: 'percent', percent: 101 }, { kind: 'percent', percent: 12.5 }, { kind: 'flat', cents: 100 }, { kind: 'fixed', cents: 100, extra: 1 }]) {
      expect(depositRuleSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('is named for people', () => {
    expect(describeDepositRule(null)).toBe('none');
    expect(describeDepositRule({ kind: 'fixed', cents: 10000 })).toBe('$100.00');
    expect(describeDepositRule({ kind: 'percent', percent: 25 })).toBe('25% of the price');
    expect(formatMoneyCents(150000)).toBe('$1,500.00');
    expect(depositRuleSentence(12200)).toMatch(/^A deposit of \$122\.00 is paid at the shop's checkout .* 24 hours or more ahead .* credit .* keeps it as the fee\.$/);
  });
});
