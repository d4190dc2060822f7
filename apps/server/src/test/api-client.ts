/** A tiny JSON client for integration tests: real HTTP, the caller's bearer token, parsed envelope. */
export interface ApiResult {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
  body: any;
}

export function apiClient(baseUrl: string, token?: string) {
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<ApiResult> => {
    const headers: Record<string, string> = { ...extra };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
  /** A file (a PDF, a CSV): status, content type, disposition and the bytes. */
  const download = async (path: string, extra: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      headers: token ? { ...extra, authorization: `Bearer ${token}` } : extra,
    });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      vary: res.headers.get('vary'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };
  return {
    download,
    /** Any call, with extra headers (a User-Agent, an Idempotency-Key). */
    request: call,
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call('POST', path, body, headers),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    patch: (path: string, body?: unknown) => call('PATCH', path, body),
    delete: (path: string) => call('DELETE', path),
  };
}
