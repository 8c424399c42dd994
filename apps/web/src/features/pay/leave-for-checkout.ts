/** Opens the wallet's page (the sandbox checkout or PayMongo's): a full page load, leaving the app. */
export function leaveForCheckout(url: string): void {
  window.location.assign(url);
}
