import { apiHandler } from '@/lib/api';
import { changeOfferHandler, readOfferHandler, retireOfferHandler } from '@/lib/menu/handlers';

type Params = { id: string };

export const GET = apiHandler<Params>((request, { params }) => readOfferHandler(request, params));
export const PATCH = apiHandler<Params>((request, { params }) => changeOfferHandler(request, params));
export const DELETE = apiHandler<Params>((request, { params }) => retireOfferHandler(request, params));
