// The recovery codes' Copy and Print (recoveryCodesPage): shown only where this script runs, the
// Download link works without it. The text copied is the one the Download link saves.
const keep = document.querySelector('[data-codes]');
const status = document.querySelector('[data-keep="status"]');
const copy = document.querySelector('[data-keep="copy"]');
const print = document.querySelector('[data-keep="print"]');
if (keep && copy && print) {
  const text = keep.getAttribute('data-codes') ?? '';
  if (navigator.clipboard) {
    copy.hidden = false;
    copy.addEventListener('click', () => {
      navigator.clipboard.writeText(text).then(
        () => {
          if (status) status.textContent = keep.getAttribute('data-copied') ?? '';
        },
        () => {
          if (status) status.textContent = keep.getAttribute('data-copy-failed') ?? '';
        },
      );
    });
  }
  print.hidden = false;
  print.addEventListener('click', () => window.print());
}
