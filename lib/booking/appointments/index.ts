/** Only for components/booking/, which imports the read side from here; everything else imports the module that owns it. */
export { listBookings, readBooking, type BookedCard } from './read';
