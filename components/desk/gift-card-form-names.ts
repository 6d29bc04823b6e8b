/** The owner's gift-card page and its form's flash name, shared by the action and the page. */
export const DESK_GIFT_CARDS_PAGE = '/desk/gift-cards/';
export const DESK_GIFT_CARDS_FORM = 'desk-gift-cards';
