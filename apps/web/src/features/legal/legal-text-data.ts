/**
 * A translated legal text as plain data (ADR 73, addendum): paragraphs, lists and an address, no
 * markup. Plain data keeps a translation's chunk free of React and of the bundler's runtime, so
 * adding one does not reshape the chunks every page loads. The English texts stay as they were
 * written (terms-sections.tsx, privacy-sections.tsx): their words are what the versions hash.
 */
export type LegalBlock =
  | string
  | { list: readonly string[] }
  /** A list lettered a, b, c… and named (the terms' prohibited activities). */
  | { lettered: readonly string[]; label: string }
  | { address: readonly string[] };

export interface LegalTextData {
  title: string;
  /** The first words: which version governs where the two differ (issue 42). */
  governingNotice: string;
  intro: readonly string[];
  sections: readonly { id: string; title: string; body: readonly LegalBlock[] }[];
}
