// What every page's header does without the app (ADR 82): a header marked
// data-shadow-when-scrolled gets data-scrolled once the window is scrolled past 8 px (its
// stylesheet draws the shadow then), and loses it back at the top. One plain script for every
// page, the prerendered ones the app may never start on included; the app's headers only carry
// the mark. Reads the position at most once a frame. A plain file (not a bundle) because the CSP
// allows no inline script.
(() => {
  const OFFSET = 8;
  let frame = 0;
  const update = () => {
    frame = 0;
    const past = window.scrollY > OFFSET;
    for (const header of document.querySelectorAll('[data-shadow-when-scrolled]')) {
      if (header.hasAttribute('data-scrolled') !== past) header.toggleAttribute('data-scrolled', past);
    }
  };
  window.addEventListener(
    'scroll',
    () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    },
    { passive: true },
  );
  // A page opened scrolled (a reload, back to it): once it is on screen.
  requestAnimationFrame(update);
})();
