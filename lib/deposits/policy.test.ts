import { depositPolicyLines } from './policy';

describe("the cancellation policy's deposits", () => {
  it('lists each service with a deposit as the booking asks it, a percentage with its amount at today’s price', () => {
    expect(
      depositPolicyLines([
        { title: 'Microblading in NYC', price: 650, rule: { kind: 'fixed', cents: 10000 } },
        { title: 'Brow Lamination in NYC', price: 85, rule: { kind: 'percent', percent: 25 } },
        { title: 'Laser Tattoo Removal, Small Tattoo (S), in NYC', price: 145, rule: { kind: 'fixed', cents: 5000 } },
        { title: 'Eyebrows Wax in NYC', price: 25, rule: null },
        { title: 'Consultation in NYC', price: 0, rule: { kind: 'fixed', cents: 5000 } },
      ]),
    ).toEqual([
      { service: 'Microblading', deposit: '$100.00' },
      { service: 'Brow Lamination', deposit: '25% of the price, $22.00 today' },
      { service: 'Laser Tattoo Removal, Small Tattoo (S)', deposit: '$50.00' },
    ]);
  });

  it('caps a fixed deposit at the price, as the booking does', () => {
    expect(depositPolicyLines([{ title: 'Brow Tint in NYC', price: 30, rule: { kind: 'fixed', cents: 5000 } }])).toEqual([{ service: 'Brow Tint', deposit: '$30.00' }]);
  });
});
