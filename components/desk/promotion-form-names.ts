/** The owner's promotions page and the name its forms' answers are kept under (lib/forms/flash.ts). */
export const PROMOTIONS_PAGE = '/desk/promotions/';
export const PROMOTIONS_FORM = 'promotions';
