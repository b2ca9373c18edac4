/**
 * `npm run make-cert -- tablet-server.local 192.168.1.20`: a clinic's own small certificate authority and a
 * certificate for the server's LAN names and addresses, with Debian's openssl. Tablets trust the CA once
 * (README, HTTPS for tablets); the server certificate can then be renewed or re-issued for a new address without
 * touching the tablets again, because an existing CA in the folder is kept.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

export interface ClinicCertificate {
  caCertFile: string;
  certFile: string;
  keyFile: string;
}

/** Safari on iPadOS refuses server certificates valid for longer than 825 days. */
const serverDays = 825;
const caDays = 3650;
const dnsName =
  /^(?=.{1,253}$)[A-Za-z0-9*]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

function openssl(args: readonly string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** subjectAltName entries; a browser ignores the common name and checks only these. */
export function subjectAltNames(names: readonly string[]): string {
  if (names.length === 0) throw new Error('Name at least one host name or IP address the tablets will use');
  return names
    .map((name) => {
      if (isIP(name)) return `IP:${name}`;
      if (dnsName.test(name)) return `DNS:${name}`;
      throw new Error(`Not a host name or IP address: ${name}`);
    })
    .join(',');
}

export function makeClinicCertificate(dir: string, names: readonly string[]): ClinicCertificate {
  const altNames = subjectAltNames(names);
  const folder = path.resolve(dir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const caKey = path.join(folder, 'clinic-ca.key');
  const caCert = path.join(folder, 'clinic-ca.crt');
  if (!existsSync(caKey) || !existsSync(caCert)) {
    openssl(
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        String(caDays),
        '-keyout',
        caKey,
        '-out',
        caCert,
        '-subj',
        '/O=Clinic/CN=Clinic local certificate authority',
        '-addext',
        'basicConstraints=critical,CA:TRUE,pathlen:0',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
      ],
      folder,
    );
  }
  const keyFile = path.join(folder, 'server.key');
  const certFile = path.join(folder, 'server.crt');
  const request = path.join(folder, 'server.csr');
  const extensions = path.join(folder, 'server.ext');
  writeFileSync(
    extensions,
    [
      `subjectAltName=${altNames}`,
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature,keyEncipherment',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  try {
    openssl(
      [
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-keyout',
        keyFile,
        '-out',
        request,
        '-subj',
        `/O=Clinic/CN=${names[0] ?? ''}`,
      ],
      folder,
    );
    openssl(
      [
        'x509',
        '-req',
        '-sha256',
        '-days',
        String(serverDays),
        '-in',
        request,
        '-CA',
        caCert,
        '-CAkey',
        caKey,
        '-CAcreateserial',
        '-out',
        certFile,
        '-extfile',
        extensions,
      ],
      folder,
    );
  } finally {
    rmSync(request, { force: true });
    rmSync(extensions, { force: true });
  }
  return { caCertFile: caCert, certFile, keyFile };
}

function main(argv: readonly string[]): void {
  const outIndex = argv.indexOf('--out');
  const dir = outIndex >= 0 ? (argv[outIndex + 1] ?? '') : 'certs';
  const names = argv.filter((_, index) => index !== outIndex && index !== outIndex + 1);
  try {
    const made = makeClinicCertificate(dir, names);
    console.log(`Certificate authority (install on every tablet): ${made.caCertFile}
Server certificate for ${names.join(', ')}: ${made.certFile}
Start the server with: TLS_CERT=${made.certFile} TLS_KEY=${made.keyFile} HOST=0.0.0.0 npm start`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main(process.argv.slice(2));
}
