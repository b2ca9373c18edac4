/**
 * DESIGN §4: the demo-only /api/dev routes need a signed-in administrator, so the benchmark signs in as the demo
 * administrator first and sends the token as the client does (authToken header).
 */
export async function administratorHeaders(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/cgm/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin@demo.test', password: 'Demo-Passw0rd!' }),
  });
  const body = (await response.json()) as { authToken?: string | null };
  if (!response.ok || !body.authToken) throw new Error(`administrator sign-in failed: ${String(response.status)}`);
  return { authToken: body.authToken };
}
