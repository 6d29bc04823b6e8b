import { closeDb, getDb } from '@/lib/db';
import { creditPackage } from '@/lib/booking/packages';
import { PACKAGE_OF, WAX_WITH_PACKAGE } from '@/lib/booking/test-support/cards';
import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { deskCustomerPage, packageLine } from './customer-page';
import { saveStaffNote } from './customers';

jest.setTimeout(120_000);
createTempDataDir('salon-desk-customer-page-');
afterAll(closeDb);

describe('packageLine', () => {
  it('names a package by its offer and its service on the menu', () => {
    const offer = PACKAGE_OF(WAX_WITH_PACKAGE);
    const pkgId = offer.pvId.toLowerCase();
    expect(packageLine({ pkgId, serviceId: WAX_WITH_PACKAGE.id, sessionsLeft: 2, sessionsTotal: 5 })).toEqual({
      key: `${pkgId}/${WAX_WITH_PACKAGE.id}`,
      title: offer.pvTitle,
      service: WAX_WITH_PACKAGE.name,
      left: 2,
      total: 5,
    });
  });

  it('still lists one whose offer and service left the menu', () => {
    expect(packageLine({ pkgId: 'gone', serviceId: 'gone-too', sessionsLeft: 0, sessionsTotal: 3 })).toMatchObject({ title: 'Package', service: 'Service' });
  });
});

describe('deskCustomerPage', () => {
  it('is undefined for an id that names no customer', async () => {
    expect(await deskCustomerPage('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('reads the record, the bookings, the packages and the staff note of the customer', async () => {
    const db = await getDb();
    const customer = await insertUser(db);
    const staff = await insertUser(db, 'staff');
    await insertAppointment(db, { customerId: customer, therapistId: 1, start: '2030-03-04T15:00:00Z', minutes: 30 });
    await creditPackage(customer, PACKAGE_OF(WAX_WITH_PACKAGE).pvId, 3);
    await saveStaffNote(db, customer, 'Prefers mornings', staff);
    const page = await deskCustomerPage(customer);
    expect(page?.customer).toMatchObject({ id: customer, walkIn: false, closed: false, isCustomer: true });
    expect(page?.bookings).toHaveLength(1);
    expect(page?.bookings[0]?.card).toMatchObject({ customerId: customer, status: 'booked', areas: [expect.objectContaining({ therapist: 1 })] });
    expect(page?.packages).toEqual([expect.objectContaining({ title: PACKAGE_OF(WAX_WITH_PACKAGE).pvTitle, left: 3, total: 3 })]);
    expect(page?.note).toMatchObject({ note: 'Prefers mornings', updatedBy: expect.stringMatching(/^User /) });
  });

  it('is no customer (no contact form) for a stored customer whom OWNER_EMAILS or STAFF_EMAILS make a team member', async () => {
    const db = await getDb();
    const listed = await insertUser(db);
    const email = (await deskCustomerPage(listed))!.customer.email!;
    process.env.STAFF_EMAILS = email;
    try {
      expect((await deskCustomerPage(listed))?.customer).toMatchObject({ id: listed, isCustomer: false });
    } finally {
      delete process.env.STAFF_EMAILS;
    }
    expect((await deskCustomerPage(listed))?.customer.isCustomer).toBe(true);
  });
});
