// Starts a signed-in screen's first API calls while its code downloads (issue 43: the data a
// first screen waits for is asked in parallel with the code, not after it). build/prerender.ts
// puts this script in each signed-in frame with the screen's calls in data-calls (first-calls.ts);
// the app's client takes each answer for its first identical request made with the same token
// (src/app/early-answers.ts) and handles it as its own: a refused token is refreshed as usual.
// It asks nothing without a stored, unexpired sign-in, or after this browser's Logout. A plain
// file (not a bundle) because the CSP allows no inline script.
(() => {
  const self = document.currentScript;
  if (!self) return;
  try {
    if (window.localStorage.getItem('pria.loggedOut') === '1') return;
    // oidc-client-ts keeps the signed-in user under oidc.user:<authority>:<client> (user-manager.ts).
    const keys = Object.keys(window.localStorage).filter((k) => k.startsWith('oidc.user:'));
    if (keys.length !== 1) return;
    const user = JSON.parse(window.localStorage.getItem(keys[0]) || 'null');
    const token = user && typeof user.access_token === 'string' ? user.access_token : '';
    // A token about to expire would be refused or renewed on the way: leave it to the app.
    if (!token || !(Number(user.expires_at) * 1000 > Date.now() + 15000)) return;
    // A document the server rendered the first screen into carries the answers it rendered it from
    // (apps/server/src/platform/first-screen.ts), named by the end of the token they were asked with:
    // with this very token, those are not asked again, and the app puts them in its cache before
    // its first render (app/areas/customer-area.tsx).
    let given = {};
    const block = document.getElementById('pria-first-answers');
    const tokenEnd = block ? block.dataset.tokenEnd : '';
    if (block && tokenEnd && token.endsWith(tokenEnd)) {
      try {
        given = JSON.parse(block.textContent || '{}') || {};
      } catch {
        given = {};
      }
    }
    const calls = new Set((self.dataset.calls || '').split(' ').filter(Boolean));
    for (const call of Object.keys(given)) calls.add(call);
    const answers = {};
    for (const call of calls) {
      const answer = Object.hasOwn(given, call)
        ? Promise.resolve(
            new Response(JSON.stringify(given[call]), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            }),
          )
        : fetch(call, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
      answer.catch(() => {}); // a failed call is asked again by the app
      answers[call] = answer;
    }
    window.priaEarlyAnswers = { token, answers, given };
    // The screen's dates are in the calendar's time zone (data-zone: the contracts' NEW_YORK, written
    // by build/prerender.ts): the first formatter with that zone loads its data (~30 ms on this
    // machine, ~4x on a phone), which the screen's first render paid. Now, once the frame is
    // painted, while the code downloads (the customer area's warmUpCalendar then finds it loaded).
    const zone = self.dataset.zone;
    if (!zone) return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        try {
          new Intl.DateTimeFormat(document.documentElement.lang || 'en-US', {
            timeZone: zone,
            dateStyle: 'long',
            timeStyle: 'short',
          }).format(Date.now());
        } catch {
          // An engine without the zone: the app formats as it can.
        }
      }, 0),
    );
  } catch {
    // No storage (private mode) or an unreadable entry: the app asks for itself.
  }
})();
