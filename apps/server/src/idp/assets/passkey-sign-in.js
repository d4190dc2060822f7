// "Sign in with a passkey" on the built-in provider's sign-in page (issue 18). A file, not an
// inline script: the CSP stays script-src 'self'. Without JavaScript or WebAuthn the button stays
// hidden and the password form works as before.
(() => {
  const box = document.getElementById('passkey');
  const lib = window.SimpleWebAuthnBrowser;
  if (!box || !lib?.browserSupportsWebAuthn()) return;
  const button = document.getElementById('passkey-sign-in');
  const error = document.getElementById('passkey-error');
  box.hidden = false;
  // The page's words, in its language (pages.ts passkeySection).
  const words = box.dataset;

  const show = (message) => {
    error.textContent = message;
    error.hidden = false;
  };

  async function signIn(useBrowserAutofill) {
    const options = await fetch(box.dataset.options, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    const optionsJSON = await options.json().catch(() => ({}));
    if (!options.ok) throw new Error(optionsJSON.message || words.expired);
    const response = await lib.startAuthentication({ optionsJSON, useBrowserAutofill });
    const verify = await fetch(box.dataset.verify, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(response),
    });
    const result = await verify.json().catch(() => ({}));
    if (verify.ok && result.redirectTo) {
      window.location.assign(result.redirectTo);
      return;
    }
    throw new Error(result.message || words.failed);
  }

  const explain = (e) => {
    if (e && e.name === 'AbortError') return;
    if (e && e.name === 'NotAllowedError') {
      show(words.notUsed);
      return;
    }
    show(e?.message || words.failed);
  };

  // Conditional UI: where the browser offers it, passkeys appear among the email field's suggestions.
  let autofill = Promise.resolve();
  lib
    .browserSupportsWebAuthnAutofill()
    .then((supported) => {
      // Nobody asked for this one: a browser that cannot offer passkeys this way (it refuses the
      // request as not supported) is not an error to show on every page load.
      if (supported)
        autofill = signIn(true).catch((e) => {
          if (e?.name !== 'NotSupportedError') explain(e);
        });
    })
    .catch(() => {});

  button.addEventListener('click', async () => {
    error.hidden = true;
    button.disabled = true;
    try {
      // End the waiting autofill request first, and let it settle: a second request while the
      // browser still holds the first can stall.
      lib.WebAuthnAbortService.cancelCeremony();
      await autofill;
      await signIn(false);
    } catch (e) {
      explain(e);
    } finally {
      button.disabled = false;
    }
  });
})();
