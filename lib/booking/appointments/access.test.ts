import { thrownApiError } from '@/lib/test-support/thrown-api-error';
import { assertBeforeCutoff, assertCanAccess, assertStaff, CANCELLATION_CUTOFF_HOURS, type Actor } from './access';

const CUSTOMER: Actor = { userId: 'c1', role: 'customer' };
const OTHER: Actor = { userId: 'c2', role: 'customer' };
const STAFF: Actor = { userId: 's1', role: 'staff' };
const HOUR = 3_600_000;
const NOW = Date.parse('2027-01-04T17:00:00Z');


describe('assertCanAccess', () => {
  it('lets customers reach their own appointments and staff anyone\'s', () => {
    expect(assertCanAccess(CUSTOMER, 'c1')).toBe(CUSTOMER);
    expect(assertCanAccess(STAFF, 'c1')).toBe(STAFF);
  });

  it('answers 401 without a session and 403 for another customer', () => {
    expect(thrownApiError(() => assertCanAccess(null, 'c1'))).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(thrownApiError(() => assertCanAccess(OTHER, 'c1'))).toMatchObject({ status: 403, code: 'forbidden', message: 'You can only reach your own appointments.' });
  });

  it('refuses staff where staff may not act for the customer, but not the customer themselves', () => {
    expect(thrownApiError(() => assertCanAccess(STAFF, 'c1', false))).toMatchObject({ status: 403 });
    expect(assertCanAccess(CUSTOMER, 'c1', false)).toBe(CUSTOMER);
    expect(assertCanAccess(STAFF, 's1', false)).toBe(STAFF);
  });
});

describe('assertStaff', () => {
  it('lets staff in, answers 401 without a session and 403 for a customer', () => {
    expect(assertStaff(STAFF)).toBe(STAFF);
    expect(thrownApiError(() => assertStaff(null))).toMatchObject({ status: 401 });
    expect(thrownApiError(() => assertStaff(CUSTOMER))).toMatchObject({ status: 403, message: 'The back office needs a staff account.' });
  });
});

describe('assertBeforeCutoff', () => {
  const at = (ms: number) => new Date(NOW + ms);

  it('is 24 hours, as the policy pages say', () => {
    expect(CANCELLATION_CUTOFF_HOURS).toBe(24);
  });

  it('lets a customer change an appointment 24 hours or more ahead, not a moment less', () => {
    expect(() => assertBeforeCutoff(CUSTOMER, at(24 * HOUR), NOW, 'svcAreas')).not.toThrow();
    expect(() => assertBeforeCutoff(CUSTOMER, at(30 * HOUR), NOW, 'svcAreas')).not.toThrow();
    const late = thrownApiError(() => assertBeforeCutoff(CUSTOMER, at(24 * HOUR - 1), NOW, 'svcAreas.0'));
    const message = 'Appointments can be changed or cancelled up to 24 hours before they start. Please call the salon.';
    expect(late).toMatchObject({ status: 422, code: 'invalid', message, fields: { 'svcAreas.0': message } });
  });

  it('lets staff change it until it starts', () => {
    expect(() => assertBeforeCutoff(STAFF, at(1), NOW, 'svcAreas')).not.toThrow();
    expect(() => assertBeforeCutoff(STAFF, at(HOUR), NOW, 'svcAreas')).not.toThrow();
  });

  it('refuses everyone once it has started', () => {
    for (const actor of [CUSTOMER, STAFF]) {
      for (const startsAt of [at(0), at(-HOUR)]) {
        expect(thrownApiError(() => assertBeforeCutoff(actor, startsAt, NOW, 'svcAreas'))).toMatchObject({
          status: 422,
          message: 'That appointment has already started.',
          fields: { svcAreas: 'That appointment has already started.' },
        });
      }
    }
  });
});
