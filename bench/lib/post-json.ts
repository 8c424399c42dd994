/** POSTs `body` as JSON to `baseUrl + urlPath` (with a bearer token when given); throws unless 200. */
export async function postJson(
  baseUrl: string,
  urlPath: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) {
    throw new Error(
      `${urlPath} answered ${response.status}: ${JSON.stringify(reply).slice(0, 500)}`,
    );
  }
  return reply;
}
