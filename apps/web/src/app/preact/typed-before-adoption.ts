/**
 * The text areas' text as the visitor left it before the app adopted a prerendered page. Preact
 * renders a text area's value even while hydrating it (ADR 89), which would empty one typed into
 * before the app ran: main.tsx keeps their text before hydrating, and the shim (react.ts) puts it
 * back the moment each text area is adopted, whenever that is (a lazy part adopts later).
 */
const typedBeforeAdoption = new WeakMap<Element, string>();

export function keepTypedText(page: HTMLElement): void {
  for (const area of page.querySelectorAll('textarea')) typedBeforeAdoption.set(area, area.value);
  // And what is typed after this until the text area is adopted: a lazy part (the contact form)
  // adopts after its code arrives, and text typed meanwhile was put back as it was when the app
  // started, which emptied /contact's message (CI, words.spec.ts).
  page.addEventListener(
    'input',
    (event) => {
      const area = event.target;
      if (area instanceof HTMLTextAreaElement && typedBeforeAdoption.has(area))
        typedBeforeAdoption.set(area, area.value);
    },
    true,
  );
}

/** Once, as the text area is adopted: what was typed is what it holds. */
export function putTypedTextBack(area: Element): void {
  const typed = typedBeforeAdoption.get(area);
  if (typed === undefined || !(area instanceof HTMLTextAreaElement)) return;
  typedBeforeAdoption.delete(area);
  if (area.value !== typed) area.value = typed;
}
