import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyAnswers, takeDocumentAnswers, takeEarlyAnswer } from './early-answers.ts';

const origin = 'https://pria.test';
const answer = (body: string) => Promise.resolve(new Response(body));

function withEarly(token: string, answers: Record<string, Promise<Response>>) {
  vi.stubGlobal('window', { location: { origin }, priaEarlyAnswers: { token, answers } });
}

describe("a signed-in frame's early answers", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answer the first identical GET made with the same token, once', async () => {
    withEarly('t1', { '/api/v1/customers/me': answer('me') });
    const request = new Request(`${origin}/api/v1/customers/me`);
    const taken = takeEarlyAnswer(request, 't1');
    expect(await (await taken)?.text()).toBe('me');
    expect(takeEarlyAnswer(request, 't1')).toBeUndefined();
  });

  it('are not used with another token, another method, another query or another origin', () => {
    withEarly('t1', { '/api/v1/cards': answer('cards'), '/api/v1/plans': answer('plans') });
    expect(takeEarlyAnswer(new Request(`${origin}/api/v1/cards`), 't2')).toBeUndefined();
    expect(takeEarlyAnswer(new Request(`${origin}/api/v1/cards`), undefined)).toBeUndefined();
    expect(takeEarlyAnswer(new Request(`${origin}/api/v1/cards`, { method: 'POST' }), 't1')).toBeUndefined();
    expect(takeEarlyAnswer(new Request(`${origin}/api/v1/cards?limit=1`), 't1')).toBeUndefined();
    expect(takeEarlyAnswer(new Request('https://elsewhere.test/api/v1/plans'), 't1')).toBeUndefined();
    // Still there for the request it was made for.
    expect(takeEarlyAnswer(new Request(`${origin}/api/v1/cards`), 't1')).toBeDefined();
  });

  it('are none when the page asked nothing early (signed out, no frame)', () => {
    vi.stubGlobal('window', { location: { origin } });
    expect(takeEarlyAnswer(new Request(`${origin}/api/v1/customers/me`), 't1')).toBeUndefined();
  });

  it('are gone once dropped (the first screen is shown, or something was changed)', () => {
    withEarly('t1', { '/api/v1/progress': answer('before the purchase') });
    dropEarlyAnswers();
    expect(takeEarlyAnswer(new Request(`${origin}/api/v1/progress`), 't1')).toBeUndefined();
  });

  it("give the document's own answers once, and none when it carried none", () => {
    const given = { '/api/v1/cards': { data: [] } };
    vi.stubGlobal('window', { location: { origin }, priaEarlyAnswers: { token: 't1', answers: {}, given } });
    expect(takeDocumentAnswers()).toBe(given);
    expect(takeDocumentAnswers()).toBeUndefined();
    withEarly('t1', {});
    expect(takeDocumentAnswers()).toBeUndefined();
    vi.stubGlobal('window', { location: { origin } });
    expect(takeDocumentAnswers()).toBeUndefined();
  });
});
