import { isTherapistIdText, MAX_THERAPIST_ID } from './therapist-id';
import { therapistParamsSchema } from './therapist-schemas';

describe('isTherapistIdText', () => {
  it('takes 1 to 32767 as written in an address, and nothing the smallint column cannot hold', () => {
    for (const id of ['1', '28', '500', String(MAX_THERAPIST_ID)]) expect(isTherapistIdText(id)).toBe(true);
    for (const id of ['0', '01', '32768', '40000', '99999', '100000', '-1', '1.5', '', ' 1', '1e3']) expect(isTherapistIdText(id)).toBe(false);
  });

  it("is the API's rule for a therapist id too", () => {
    expect(therapistParamsSchema.safeParse({ id: '32767' }).data).toEqual({ id: 32767 });
    expect(therapistParamsSchema.safeParse({ id: '40000' }).success).toBe(false);
  });
});
