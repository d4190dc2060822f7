/** A tiny JSON client for integration tests: real HTTP, the caller's bearer token, parsed envelope. */
export interface ApiResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
  body: any;
}

export function apiClient(baseUrl: string, token?: string) {
  const call = async (method: string, path: string, body?: unknown): Promise<ApiResult> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    delete: (path: string) => call('DELETE', path),
  };
}
