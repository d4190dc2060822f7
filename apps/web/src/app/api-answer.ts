import { messages } from '@pria/contracts/messages';
import { ApiError } from './api-error.ts';

/**
 * What an openapi-fetch call resolves to once the client's fetch has thrown every refusal
 * (api-client.ts): the operation's documented success envelope. Its type comes from the path and
 * method called (pria-api.d.ts, generated from the server's document), never from the call site.
 * `data` may be absent from the type: openapi-fetch 0.17's Readable<> drops a property typed
 * only `null` (an answer whose data is null), so such an answer reads as unknown.
 */
interface Answered<T> {
  data?: { data?: T; message: string };
  response: Response;
}

/** The envelope of a success, or ApiError when the answer had none (never expected: every answer has one). */
async function envelope<T>(call: Promise<Answered<T>>): Promise<{ data: T; message: string }> {
  const { data, response } = await call;
  if (data === undefined) throw new ApiError({ httpCode: response.status, message: messages.defaultError });
  return data as { data: T; message: string };
}

/** The envelope's `data`: `await dataOf(api.GET('/api/v1/plans', { signal }))` is the plans. */
export async function dataOf<T>(call: Promise<Answered<T>>): Promise<T> {
  return (await envelope(call)).data;
}

/** The envelope's `data` and the server's success message (shown as its words). */
export async function withMessage<T>(call: Promise<Answered<T>>): Promise<{ data: T; message: string }> {
  const { data, message } = await envelope(call);
  return { data, message };
}
