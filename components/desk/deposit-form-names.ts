/** The flash name of the visit page's deposit form. */
export const DEPOSIT_FORM = 'visit-deposit';
