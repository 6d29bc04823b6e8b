import { apiHandler } from '@/lib/api';
import { getBannerHandler, putBannerHandler } from '@/lib/marketing/promotion-handlers';

export const GET = apiHandler((request) => getBannerHandler(request));
export const PUT = apiHandler((request) => putBannerHandler(request));
