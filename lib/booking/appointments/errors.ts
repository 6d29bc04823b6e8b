import { ApiError } from '@/lib/api/errors';
import { SLOT_TAKEN_MESSAGE } from '../messages';

/** 416: the time was just taken, or the customer is booked elsewhere then. */
export const slotTaken = () => new ApiError(416, 'slot_taken', SLOT_TAKEN_MESSAGE);
/** 422 with the message under the card's field that caused it. */
export const invalid = (message: string, field: string) => new ApiError(422, 'invalid', message, { [field]: message });
