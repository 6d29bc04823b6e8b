/** Whether first-visit offers are open to the signed-in customer (the shop cart says so before CHECK OUT). */
export { handleNewClientRequest as GET } from '@/lib/shopify/checkout-handler';
