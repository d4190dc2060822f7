// Registers the service worker (ADR 28) once the page has loaded, from this small file rather than
// the app's bundle: the landing page's scripts stay as they are, and registering never competes
// with the first paint. It also keeps two browser events for the app, which may not be running yet
// when they fire:
// - `beforeinstallprompt` (Chromium's install offer), kept for the dashboard's one-time offer
//   (features/pwa/install-offer.tsx) instead of the browser's own mini bar;
// - a new version waiting to take over, announced as `pria:update-ready` (features/pwa/update-prompt.tsx).
// A plain file (not a bundle) because the CSP allows no inline script.
(() => {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    window.priaInstallPrompt = event;
    window.dispatchEvent(new Event('pria:installable'));
  });
  window.addEventListener('appinstalled', () => {
    window.priaInstallPrompt = undefined;
    window.dispatchEvent(new Event('pria:installed'));
  });
  const announce = () => window.dispatchEvent(new Event('pria:update-ready'));
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        // A first install has no controller yet: only a worker replacing another is an update.
        if (registration.waiting && navigator.serviceWorker.controller) announce();
        registration.addEventListener('updatefound', () => {
          const worker = registration.installing;
          worker?.addEventListener('statechange', () => {
            if (worker.state === 'installed' && navigator.serviceWorker.controller) announce();
          });
        });
        // An app left open for days still hears of a new version: hourly, and when it comes back.
        setInterval(() => registration.update().catch(() => {}), 60 * 60 * 1000);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') registration.update().catch(() => {});
        });
      })
      .catch(() => {
        // No worker (private mode, blocked by policy): the app works the same, only not offline.
      });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
})();
