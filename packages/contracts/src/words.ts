/**
 * "1 client", "1,204 clients", "Verified 1 transaction" (issue 29: "1 clients", "Verified 1
 * transactions"): a count and its noun, for the screens and for what the server writes in words.
 */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
