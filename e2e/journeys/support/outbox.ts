import type { APIRequestContext } from '@playwright/test';
import type { OutboxMessage } from '../../fixtures/outbox.ts';

/** Every message to `to` in the development outbox (/dev/outbox.json), newest first. */
export async function messagesTo(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  return (await res.json()) as OutboxMessage[];
}

/** Waits for a message to `to` whose subject or text matches (the worker sends every few seconds). */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  pattern: RegExp,
  timeoutMs = 20_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hit = (await messagesTo(request, to)).find((m) => pattern.test(`${m.subject ?? ''}\n${m.text}`));
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no message to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 400));
  }
}

/** The links of this app in a message, as paths (e.g. /dashboard/account/subscription). */
export function appPaths(text: string, baseURL: string): string[] {
  const found = text.match(/https?:\/\/[^\s"<>)]+/g) ?? [];
  return found
    .filter((u) => u.startsWith(baseURL))
    .map((u) => {
      const url = new URL(u);
      return `${url.pathname}${url.search}`;
    });
}
