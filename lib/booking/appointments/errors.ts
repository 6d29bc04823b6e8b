import { ApiError } from '@/lib/api/errors';
import { CUSTOMER_BUSY_MESSAGE, SLOT_TAKEN_MESSAGE } from '../messages';

/** 416: the time was just taken. */
export const slotTaken = () => new ApiError(416, 'slot_taken', SLOT_TAKEN_MESSAGE);
/** 416 too (the specification's create failure), but the customer is booked elsewhere then: said as such. */
export const customerBusy = () => new ApiError(416, 'customer_busy', CUSTOMER_BUSY_MESSAGE);
/** 422 with the message under the card's field that caused it. */
export const invalid = (message: string, field: string) => new ApiError(422, 'invalid', message, { [field]: message });
