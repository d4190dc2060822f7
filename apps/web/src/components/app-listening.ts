/**
 * On a prerendered page, public/start-after-paint.js handles a few clicks itself until the app
 * listens (the language switch: the cookie, then the page again in that language, ADR 82). The app
 * says when it listens, and from then on those clicks reach the app itself.
 */
export function announceAppListening(): void {
  document.dispatchEvent(new Event('pria:listening'));
}
