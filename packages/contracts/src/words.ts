/**
 * "1 client", "1,204 clients", "Verified 1 transaction" (issue 29: "1 clients", "Verified 1
 * transactions"): a count and its noun, for the screens and for what the server writes in words.
 */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** "1,204": a count with its thousands separated. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
