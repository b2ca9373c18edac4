import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Writes us-core-6.1.0.json, the compact bundle of the US Core 6.1.0 StructureDefinitions the server validates
 * against, from the published package (CC0-1.0):
 *   node --import tsx server/fhir/us-core/vendor.ts ../shared/fhir/hl7.fhir.us.core-6.1.0.tgz
 * Only the snapshots are kept (no narrative, differential or mappings): they are what the validator reads.
 */

/** The profiles the server emits (server/fhir/profiles.ts names the same ones). */
const profileFiles = [
  'us-core-patient',
  'us-core-practitioner',
  'us-core-servicerequest',
  'us-core-observation-screening-assessment',
  'us-core-diagnosticreport-note',
  'us-core-provenance',
].map((name) => `package/StructureDefinition-${name}.json`);

/**
 * One adjustment, for @medplum/core's parser: it cannot read a contentReference to an element that is sliced
 * (US Core Provenance's `entity.agent` → the sliced `agent`). The server emits no `Provenance.entity.agent`, so
 * leaving that element out changes nothing the server is checked for.
 */
const unparsable = new Set(['Provenance.entity.agent']);
const parsable = (element: Record<string, unknown>): boolean =>
  !(typeof element.id === 'string' && unparsable.has(element.id));

function omit(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

/** The files of a ustar archive, by name (regular files only). */
function untar(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    if (name === '') break;
    const prefix = header.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(header.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 48);
    const body = archive.subarray(offset + 512, offset + 512 + size);
    if (type === '0' || type === '\0') files.set(prefix === '' ? name : `${prefix}/${name}`, body);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

function main(): void {
  const source = process.argv[2];
  if (!source) throw new Error('usage: vendor.ts <hl7.fhir.us.core-6.1.0.tgz>');
  const files = untar(gunzipSync(readFileSync(source)));
  const manifest = JSON.parse(files.get('package/package.json')?.toString('utf8') ?? '{}') as {
    name?: string;
    version?: string;
    license?: string;
  };
  if (manifest.name !== 'hl7.fhir.us.core' || manifest.version !== '6.1.0') throw new Error('not US Core 6.1.0');
  const entries = profileFiles.map((file) => {
    const text = files.get(file);
    if (!text) throw new Error(`${file} is not in the package`);
    const definition = JSON.parse(text.toString('utf8')) as Record<string, unknown>;
    const kept = omit(definition, ['text', 'differential', 'mapping']);
    const snapshot = kept.snapshot as { element: Record<string, unknown>[] };
    // Words for people (definitions, comments, mappings to other standards): the validator reads none of them.
    const elements = snapshot.element
      .filter(parsable)
      .map((element) => omit(element, ['definition', 'comment', 'requirements', 'mapping', 'alias']));
    return { resource: { ...kept, snapshot: { element: elements } } };
  });
  const bundle = {
    resourceType: 'Bundle',
    type: 'collection',
    meta: { tag: [{ code: `${manifest.name}#${manifest.version}`, display: `license ${manifest.license ?? ''}` }] },
    entry: entries,
  };
  writeFileSync(path.join(import.meta.dirname, 'us-core-6.1.0.json'), `${JSON.stringify(bundle)}\n`);
}

main();
