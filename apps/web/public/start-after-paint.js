// Starts the app once the prerendered page has painted. build/prerender.ts puts this script in
// such a page instead of the entry's <script type="module"> and its module preloads: on a slow
// phone network the page's HTML and stylesheets get the bandwidth first, and the scripts, which
// only make the page interactive (its links work without them), start right after the first
// frame. A plain file (not a bundle) because the CSP allows no inline script.
(() => {
  const self = document.currentScript;
  if (!self) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = self.dataset.entry;
    document.head.append(entry);
    // The modules it will import, a few per task: adding a module preload costs the main thread
    // ~1.5 ms (more on a slow phone), and thirty at once made one long task.
    const hrefs = (self.dataset.preload || '').split(' ').filter(Boolean);
    const preloadSome = () => {
      for (const href of hrefs.splice(0, 4)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
      if (hrefs.length > 0) setTimeout(preloadSome, 0);
    };
    preloadSome();
  };
  // A tap, before the app has started, on a control that only the app can work (the phone menu's
  // button, marked data-early-tap) would be lost: keep which one it was on <html>; the app stops
  // keeping taps once React listens (main.tsx) and the control acts on one kept (takeEarlyTap).
  const keepTap = (event) => {
    const control = event.target instanceof Element ? event.target.closest('[data-early-tap]') : null;
    if (control) document.documentElement.dataset.earlyTap = control.dataset.earlyTap;
  };
  document.addEventListener('click', keepTap, true);
  document.addEventListener('pria:listening', () => document.removeEventListener('click', keepTap, true), {
    once: true,
  });
  // After the next frame is painted; a tab in the background paints no frame, so at most a second.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
