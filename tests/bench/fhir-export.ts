/**
 * Bulk FHIR `$export` of the 10,000-patient benchmark clinic (issue 38): seeds the clinic through the demo route,
 * registers a backend client with a fresh ES384 key, gets a token with a signed assertion, then times kick-off,
 * manifest and the download of every file, reading each as a stream and counting its lines (the bench keeps none of
 * it). The server's resident memory is read from /proc before, during (every 100 ms) and after, with its peak
 * (VmHWM): streamed from the database, the export should leave it about where it was.
 */
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { administratorHeaders } from './admin-session';
import { startBenchServer, stopBenchServer } from './throughput';

export interface FhirExportNumbers {
  patients: number;
  seedMs: number;
  exportMs: number;
  resources: Record<string, number>;
  bytes: number;
  rssBeforeMb: number;
  rssPeakDuringMb: number;
  rssAfterMb: number;
  peakRssBeforeMb: number;
  peakRssAfterMb: number;
}

/** VmRSS and VmHWM (the peak so far) of a process, in MiB; Linux only, as the bench machines are. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function backendToken(base: string, adminHeaders: Record<string, string>, providerServiceId: number) {
  const kid = randomUUID();
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  const registered = await fetch(`${base}/api/cgm/fhirclients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...adminHeaders },
    body: JSON.stringify({
      providerServiceId,
      name: 'Bench EHR',
      jwks: JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES384' }] }),
    }),
  });
  if (!registered.ok) throw new Error(`client registration failed: ${String(registered.status)}`);
  const { clientId } = (await registered.json()) as { clientId: string };
  const configuration = await fetch(`${base}/fhir/R4/.well-known/smart-configuration`);
  const { token_endpoint: tokenUrl } = (await configuration.json()) as { token_endpoint: string };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 240;
  const signed = `${encode({ alg: 'ES384', kid, typ: 'JWT' })}.${encode({ iss: clientId, sub: clientId, aud: tokenUrl, exp, jti: randomUUID() })}`;
  const signature = sign('sha384', Buffer.from(signed), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  const answer = await fetch(`${base}/fhir/R4/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: `${signed}.${signature.toString('base64url')}`,
      scope: 'system/*.rs',
    }),
  });
  const body = (await answer.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no token: ${String(answer.status)}`);
  return body.access_token;
}

/** Reads a file to its end as it arrives, counting lines and bytes, keeping nothing. */
async function countLines(response: Response): Promise<{ lines: number; bytes: number }> {
  if (!response.body) return { lines: 0, bytes: 0 };
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) lines += 1;
  }
  return { lines, bytes };
}

export async function measureFhirExport(port: number, count = 10_000): Promise<FhirExportNumbers> {
  const { child, ready } = startBenchServer(port, { DATA_DIR: 'memory://' });
  const base = `http://127.0.0.1:${String(port)}`;
  try {
    await ready;
    const pid = child.pid;
    if (pid === undefined) throw new Error('bench server has no pid');
    const adminHeaders = await administratorHeaders(base);
    const seedStart = performance.now();
    const seeded = await fetch(`${base}/api/dev/bench-patients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...adminHeaders },
      body: JSON.stringify({ count }),
    });
    if (!seeded.ok) throw new Error(`bench seed failed: ${String(seeded.status)}`);
    const seedMs = performance.now() - seedStart;
    const { providerServiceId } = (await seeded.json()) as { providerServiceId: number };
    const token = await backendToken(base, adminHeaders, providerServiceId);
    const bearer = { authorization: `Bearer ${token}` };

    const before = memoryOf(pid);
    let peakDuring = before.rss;
    const sampler = setInterval(() => {
      peakDuring = Math.max(peakDuring, memoryOf(pid).rss);
    }, 100);
    const started = performance.now();
    const resources: Record<string, number> = {};
    let bytes = 0;
    try {
      const kickOff = await fetch(`${base}/fhir/R4/Group/${String(providerServiceId)}/$export`, {
        headers: { ...bearer, prefer: 'respond-async', accept: 'application/fhir+json' },
      });
      if (kickOff.status !== 202) throw new Error(`kick-off answered ${String(kickOff.status)}`);
      const status = kickOff.headers.get('content-location') ?? '';
      let manifest: { output: { type: string; url: string }[] } | null = null;
      while (!manifest) {
        const polled = await fetch(status, { headers: bearer });
        if (polled.status === 200) manifest = (await polled.json()) as { output: { type: string; url: string }[] };
        else if (polled.status === 202) await new Promise((resolve) => setTimeout(resolve, 200));
        else throw new Error(`status answered ${String(polled.status)}`);
      }
      for (const file of manifest.output) {
        const counted = await countLines(await fetch(file.url, { headers: bearer }));
        resources[file.type] = counted.lines;
        bytes += counted.bytes;
      }
    } finally {
      clearInterval(sampler);
    }
    const exportMs = performance.now() - started;
    const after = memoryOf(pid);
    return {
      patients: count,
      seedMs,
      exportMs,
      resources,
      bytes,
      rssBeforeMb: before.rss,
      rssPeakDuringMb: Math.max(peakDuring, after.rss),
      rssAfterMb: after.rss,
      peakRssBeforeMb: before.peak,
      peakRssAfterMb: after.peak,
    };
  } finally {
    await stopBenchServer(child);
  }
}

export function describeFhirExport(numbers: FhirExportNumbers): string {
  const mb = (value: number) => `${value.toFixed(0)} MiB`;
  const files = Object.entries(numbers.resources)
    .map(([type, lines]) => `${type} ${lines.toLocaleString('en-US')}`)
    .join(', ');
  return (
    `FHIR $export, ${numbers.patients.toLocaleString('en-US')}-patient clinic: ${(numbers.exportMs / 1000).toFixed(1)} s ` +
    `for ${(numbers.bytes / 1_048_576).toFixed(1)} MiB of ndjson (${files}); server RSS ${mb(numbers.rssBeforeMb)} ` +
    `before, ${mb(numbers.rssPeakDuringMb)} at most during, ${mb(numbers.rssAfterMb)} after; peak RSS ` +
    `${mb(numbers.peakRssBeforeMb)} before, ${mb(numbers.peakRssAfterMb)} after`
  );
}
