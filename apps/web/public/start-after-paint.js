// Starts the app on a prerendered page. build/prerender.ts puts this script in such a page instead
// of the entry's <script type="module"> and its module preloads. A plain file (not a bundle)
// because the CSP allows no inline script.
//
// A signed-in screen's frame (no data-on-demand): the app starts right after the first frame, so on
// a slow phone network the page's HTML and stylesheets get the bandwidth first.
//
// A public page (data-on-demand, ADR 82) is whole without the app: its words, links and layout are
// in the HTML, page-chrome.js keeps its header's shadow and its phone menu (a native dialog), and
// this script its footer's year and its language switch (below). The app starts
// only when the page has something for it to do:
// - someone is signed in on this browser (a stored session: the header offers the dashboard, the
//   landing page sends them there), or a logout just led here (`?signed-out`: the notice);
// - a part that only the app animates comes into view at the width where it does
//   (data-app-when-visible="<media query>": the landing page's carousels on a phone), or the
//   keyboard reaches it;
// - the visitor reaches into a form only the app sends (data-app-on-use: /contact, /feedback).
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
  // After the next frame is painted; a tab in the background paints no frame, so at most a second.
  const startAfterPaint = () => {
    requestAnimationFrame(() => setTimeout(start, 0));
    setTimeout(start, 1000);
  };

  // A language picked before the app listens (the footer's switch, data-choose-language: the cookie
  // that keeps it, written by the app's language-cookie.ts): kept, and the page loaded again, which
  // the server sends in that language. Without waiting for the app, and no page to re-render.
  const chooseLanguage = (event) => {
    const choice = event.target instanceof Element ? event.target.closest('[data-choose-language]') : null;
    if (!choice) return;
    event.preventDefault();
    event.stopPropagation();
    // biome-ignore lint/suspicious/noDocumentCookie: the string is the app's own (language-cookie.ts), nothing to escape; the Cookie Store API is not in every browser we serve
    document.cookie = `${choice.dataset.chooseLanguage}${window.location.protocol === 'https:' ? '; Secure' : ''}`;
    window.location.reload();
  };
  document.addEventListener('click', chooseLanguage, true);
  document.addEventListener(
    'pria:listening',
    () => document.removeEventListener('click', chooseLanguage, true),
    { once: true },
  );

  // A form only the app sends (data-app-on-use: /contact, /feedback; components/form/before-app.ts):
  // what the visitor types or picks meanwhile is the browser's, and the form takes it over once the
  // app runs. A submit before that (Enter in a field, the send button) waits for it: kept from the
  // browser (it would put the fields in the address), marked, and made again by the app.
  const parts = document.querySelectorAll('[data-app-on-use]');
  if (parts.length > 0) {
    document.addEventListener(
      'submit',
      (event) => {
        const form = event.target;
        if (!(form instanceof HTMLFormElement) || !form.closest('[data-app-on-use]')) return;
        if (form.closest('[data-app-adopted]')) return;
        event.preventDefault();
        form.setAttribute('data-submitted-before-app', '');
        start();
      },
      true,
    );
  }

  if (self.dataset.onDemand === undefined) {
    startAfterPaint();
    return;
  }

  // The footer's year, sent as the build's: the current one, New York's, as every date: the page
  // lists when the next years begin there (data-new-years, by the calendar at build time); past
  // the list, the UTC year (a build is never that old).
  const copyright = document.querySelector('[data-copyright]');
  const sent = copyright?.textContent.match(/\d{4}/)?.[0];
  if (copyright && sent) {
    const now = Date.now();
    const starts = (self.dataset.newYears || '').split(' ').filter(Boolean).map(Number);
    const passed = starts.filter((start) => start <= now).length;
    const year = String(
      passed === starts.length
        ? Math.max(Number(sent) + passed, new Date(now).getUTCFullYear())
        : Number(sent) + passed,
    );
    if (year !== sent) {
      const walker = document.createTreeWalker(copyright, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        if (walker.currentNode.data.includes(sent))
          walker.currentNode.data = walker.currentNode.data.replace(sent, year);
      }
    }
  }

  /** A session stored by the OIDC client (user-manager.ts: localStorage, `oidc.user:…`), live or not. */
  const sessionStored = () => {
    try {
      for (let i = 0; i < localStorage.length; i++) {
        if (localStorage.key(i)?.startsWith('oidc.user:')) return true;
      }
    } catch {
      // Storage blocked: nobody can be signed in on this browser.
    }
    return false;
  };
  if (sessionStored() || new URLSearchParams(window.location.search).has('signed-out')) {
    startAfterPaint();
    return;
  }

  // Reaching into such a form (a tap, the keyboard) starts the app: a visitor who only reads the
  // page never downloads it, nor one who follows a link of it (it works without the app).
  const reached = (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[href]')) start();
  };
  for (const part of parts) {
    part.addEventListener('pointerdown', reached);
    part.addEventListener('focusin', reached);
  }

  const seenParts = document.querySelectorAll('[data-app-when-visible]');
  if (seenParts.length === 0 || !('IntersectionObserver' in window)) return;
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    seen.disconnect();
    start();
  });
  for (const part of seenParts) {
    const width = window.matchMedia(part.dataset.appWhenVisible);
    // At that width the part is a row that scrolls sideways: a tab stop meanwhile, so the keyboard
    // can scroll it (and reaching it starts the app, which makes it a carousel with its own keys).
    const focusable = !part.hasAttribute('tabindex');
    const watch = () => {
      if (width.matches) seen.observe(part);
      else seen.unobserve(part);
      if (focusable && !started) {
        if (width.matches) part.setAttribute('tabindex', '0');
        else part.removeAttribute('tabindex');
      }
    };
    watch();
    width.addEventListener('change', watch);
    // The keyboard reaching it (a focusable row, an arrow key) counts as seeing it.
    part.addEventListener('focusin', () => width.matches && start());
  }
})();
