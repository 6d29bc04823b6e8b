/** Sends the browser to the shop's hosted checkout (another site for a real store): a full page load, not the router. */
export function leaveForCheckout(url: string): void {
  window.location.assign(url);
}
