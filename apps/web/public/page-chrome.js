// What every page's chrome does without the app (ADR 82). One plain script for every page, the
// prerendered ones the app may never start on included; the app's components only carry the marks.
// A plain file (not a bundle) because the CSP allows no inline script.
// - A header marked data-shadow-when-scrolled gets data-scrolled once the window is scrolled past
//   8 px (its stylesheet draws the shadow then), and loses it back at the top (at most once a frame).
// - A dialog marked data-close-unless="<media query>" closes when the query stops matching (the
//   phone menu, when the window widens past the phone layout).
// - The browser's invoker commands (`<button commandfor="id" command="show-modal|close">`) and a
//   dialog's light dismiss (`closedby="any"`: a tap outside it closes it), where the browser does
//   not have them yet.
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

  window.addEventListener('resize', () => {
    for (const dialog of document.querySelectorAll('dialog[open][data-close-unless]')) {
      if (!window.matchMedia(dialog.dataset.closeUnless).matches) dialog.close();
    }
  });

  if (!('command' in HTMLButtonElement.prototype)) {
    document.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('button[commandfor]') : null;
      const dialog = button && document.getElementById(button.getAttribute('commandfor'));
      if (!(dialog instanceof HTMLDialogElement)) return;
      const command = button.getAttribute('command');
      if (command === 'show-modal' && !dialog.open) dialog.showModal();
      else if (command === 'close' && dialog.open) dialog.close();
    });
  }
  if (!('closedBy' in HTMLDialogElement.prototype)) {
    document.addEventListener('click', (event) => {
      const dialog = event.target;
      if (!(dialog instanceof HTMLDialogElement) || !dialog.open || dialog.getAttribute('closedby') !== 'any')
        return;
      // A click on the dialog element itself outside its box is one on its backdrop.
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) dialog.close();
    });
  }
})();
