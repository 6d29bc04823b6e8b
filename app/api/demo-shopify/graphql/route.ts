import { isDemoShop } from '@/lib/shopify';
import { handleDemoStorefrontRequest } from '@/lib/shopify/demo/handler';

/** The demo storefront's GraphQL endpoint; gone when a real Shopify store is configured. */
export async function POST(request: Request): Promise<Response> {
  if (!isDemoShop()) return new Response('Not found', { status: 404 });
  return handleDemoStorefrontRequest(request);
}
