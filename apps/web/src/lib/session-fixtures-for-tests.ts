/** An unsigned JWT-shaped token with these claims (the browser reads its expiry, never its signature). */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  return `${encode({ alg: 'RS256', kid: 'k1' })}.${encode(claims)}.signature`;
}
