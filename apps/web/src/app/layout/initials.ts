/**
 * The letters of the name menu's avatar: the first name's and the last name's ("Nora Q Newbie" is
 * "NN", not Mantine's first two words' "NQ": issue 40); one letter for a single word (an email).
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
