import { SHORTENED_DURATION_FLAGS } from '@/lib/catalog/tables';
import { durationHint } from './duration-hint';

const ADD_ON = SHORTENED_DURATION_FLAGS[0]!;
const WAX = 1;

describe("the duration's hint in the owner's service editor", () => {
  it('says what customers see when it differs from the time booked, and warns of a time they would see as none', () => {
    expect(durationHint({ duration: 60, svcType: ADD_ON, name: 'Hot Stone Massage' })).toMatch(/Customers see 45 min: 15 minutes less, the changeover booked with it\.$/);
    expect(durationHint({ duration: 15, svcType: ADD_ON, name: 'Scalp Oil' })).toMatch(/Customers see no time at all: .* Give it at least 30\.$/);
  });

  it('says only the range for a service shown as booked, and names the rule on a new service', () => {
    expect(durationHint({ duration: 30, svcType: WAX, name: 'Brazilian' })).toMatch(/^\d+ to \d+ minutes in steps of \d+: the time it books\.$/);
    expect(durationHint()).toContain('Massage, cupping and add-ons show customers 15 minutes less');
  });
});
