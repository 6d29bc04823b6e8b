/** The gift-card page and its form's flash name, shared by the action and the page. */
export const GIFT_CARDS_PAGE = '/gift-cards/';
export const GIFT_CARD_FORM = 'gift-card';
