import { apiHandler } from '@/lib/api';
import { createOfferHandler, listOffersHandler } from '@/lib/menu/handlers';

export const GET = apiHandler((request) => listOffersHandler(request));
export const POST = apiHandler((request) => createOfferHandler(request));
