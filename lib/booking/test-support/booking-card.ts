import { emptyBookingCard, whenFromWire, type BookingArea, type BookingCard, type BookingService } from '../card';

/** A service of the card as the menu adds it: its SKU and minutes left for the catalogue, no package. */
export const bookedService = (id: string, serviceType: number, fields: Partial<BookingService> = {}): BookingService => ({
  id,
  serviceType,
  sku: '',
  minutes: 0,
  package: null,
  ordered: false,
  ...fields,
});

export interface AreaFixture {
  area: number;
  therapist?: number;
  /** 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' (a time on the day) or '' (nothing chosen). */
  date?: string;
  note?: string;
  services: BookingService[];
}

export const bookingArea = ({ area, therapist = 0, date = '', note = '', services }: AreaFixture): BookingArea => ({
  area,
  therapist,
  when: whenFromWire(date),
  note,
  services,
});

/** A domain card (what the card store holds) of these areas, women's at SoHo unless `fields` say otherwise. */
export const bookingCard = (areas: readonly AreaFixture[], fields: Partial<BookingCard> = {}): BookingCard => ({
  ...emptyBookingCard(),
  ...fields,
  areas: areas.map(bookingArea),
});
