/** The flash name of the visit page's forms (attendance, move, cancel). */
export const VISIT_FORM = 'visit';

/** The search parameter that opens the visit page at its cancellation's 'Yes, cancel' (the step without scripts). */
export const CONFIRM_CANCEL_PARAM = 'confirm';

export const DESK_TIME_TAKEN = 'That time is taken: the therapist or the customer has another appointment then. The day view shows the free quarter hours.';
