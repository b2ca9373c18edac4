import type { Coding } from '@medplum/fhirtypes';
import { maxRecordId } from '#common/contract';
import type { ChartTest } from './mapping';
import { fhirInvalid, fhirNotSupported } from './outcome';
import type { FhirResource, FhirResourceType } from './profiles';

/**
 * Issue 38: the search parameters the API supports, per type (the CapabilityStatement lists the same), parsed
 * and applied to a patient's resources. Anything else is refused (400), never ignored: a client that filters by a
 * parameter we do not know must not receive everything as if it matched.
 */

export type SearchParamType = 'reference' | 'token' | 'date';

export interface SearchParamDefinition {
  name: string;
  type: SearchParamType;
  documentation: string;
}

const patientParam: SearchParamDefinition = {
  name: 'patient',
  type: 'reference',
  documentation: 'The patient (Patient/{id} or {id}). Required: every search is of one patient.',
};
/** A date parameter searches one element of the resource. */
const dateParam = (name: string, element: string): SearchParamDefinition => ({
  name,
  type: 'date',
  documentation: `${element}, with the prefixes eq, ne, gt, lt, ge, le.`,
});
/** A token parameter matches the codings of the element of its own name. */
const codingParam = (name: string): SearchParamDefinition => ({
  name,
  type: 'token',
  documentation: `A ${name} coding: system|code, code, or |code; several separated by commas.`,
});
const lastUpdatedParam = dateParam('_lastUpdated', 'meta.lastUpdated');
const categoryParam = codingParam('category');
const codeParam = codingParam('code');
const effectiveParam = dateParam('date', 'effectiveDateTime');

/** Which type supports which parameter; Practitioner and Device are read by id only. */
export const searchParams: Readonly<Partial<Record<FhirResourceType, readonly SearchParamDefinition[]>>> = {
  Patient: [
    { name: '_id', type: 'token', documentation: 'The patient id; several separated by commas. Required.' },
    lastUpdatedParam,
  ],
  ServiceRequest: [patientParam, categoryParam, codeParam, dateParam('authored', 'authoredOn'), lastUpdatedParam],
  Task: [patientParam, codeParam, lastUpdatedParam],
  Observation: [patientParam, categoryParam, codeParam, effectiveParam, lastUpdatedParam],
  DiagnosticReport: [patientParam, categoryParam, codeParam, effectiveParam, lastUpdatedParam],
  Provenance: [patientParam, lastUpdatedParam],
};

interface Token {
  system: string | null;
  code: string | null;
}
type DateTest = (instant: number) => boolean;

export interface ParsedSearch {
  /** `patient` (or Patient's `_id`): whose resources. */
  patientIds: number[];
  category: Token[][];
  code: Token[][];
  /** date / authored, each occurrence ANDed, commas within one ORed. */
  date: DateTest[][];
  lastUpdated: DateTest[][];
}

const maxValueLength = 512;

/** A record id as FHIR ids of our patients and orders are written: digits, no leading zero, within range. */
export function parseRecordId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= maxRecordId ? id : null;
}

function values(raw: unknown, name: string): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((item) => {
    if (typeof item !== 'string') throw fhirInvalid(`${name}: not a text value`);
    if (item.length === 0 || item.length > maxValueLength) throw fhirInvalid(`${name}: empty or too long`);
    return item;
  });
}

function parseToken(text: string, name: string): Token {
  const bar = text.indexOf('|');
  if (bar === -1) return { system: null, code: text };
  if (text.slice(bar + 1).includes('|')) throw fhirInvalid(`${name}: more than one '|' in '${text}'`);
  const system = text.slice(0, bar);
  const code = text.slice(bar + 1);
  if (code === '' && system === '') throw fhirInvalid(`${name}: empty token`);
  return { system, code: code === '' ? null : code };
}

const datePattern =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** A FHIR date or dateTime as the interval it names: [start, end) in milliseconds. */
function dateRange(text: string, name: string): [number, number] {
  const match = datePattern.exec(text);
  if (!match) throw fhirInvalid(`${name}: '${text}' is not a date (YYYY, YYYY-MM, YYYY-MM-DD or a dateTime)`);
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const y = Number(year);
  if (month === undefined) return [Date.UTC(y, 0, 1), Date.UTC(y + 1, 0, 1)];
  const m = Number(month) - 1;
  if (m < 0 || m > 11) throw fhirInvalid(`${name}: '${text}' has no such month`);
  if (day === undefined) return [Date.UTC(y, m, 1), Date.UTC(y, m + 1, 1)];
  const d = Number(day);
  const start = Date.UTC(y, m, d);
  if (new Date(start).getUTCDate() !== d) throw fhirInvalid(`${name}: '${text}' has no such day`);
  if (hour === undefined) return [start, Date.UTC(y, m, d + 1)];
  const instant = Date.parse(
    `${year ?? ''}-${month}-${day}T${hour}:${minute ?? ''}:${second ?? '00'}${
      fraction === undefined ? '' : `.${fraction.slice(0, 3)}`
    }${zone ?? ''}`,
  );
  if (Number.isNaN(instant)) throw fhirInvalid(`${name}: '${text}' is not a valid dateTime`);
  const precision = second === undefined ? 60_000 : fraction === undefined ? 1000 : 1;
  return [instant, instant + precision];
}

function parseDate(text: string, name: string): DateTest {
  const prefixMatch = /^(eq|ne|gt|lt|ge|le|sa|eb|ap)?(.*)$/.exec(text);
  const prefix = prefixMatch?.[1] ?? 'eq';
  const [start, end] = dateRange(prefixMatch?.[2] ?? '', name);
  switch (prefix) {
    case 'eq':
      return (t) => t >= start && t < end;
    case 'ne':
      return (t) => t < start || t >= end;
    case 'gt':
      return (t) => t >= end;
    case 'lt':
      return (t) => t < start;
    case 'ge':
      return (t) => t >= start;
    case 'le':
      return (t) => t < end;
    default:
      throw fhirNotSupported(`${name}: the prefix '${prefix}' is not supported`);
  }
}

/**
 * Parses a search's query against the type's parameters. `_format=json` (or the FHIR JSON types) is accepted and
 * changes nothing; every other parameter, modifier or value we do not support answers 400.
 */
export function parseSearch(type: FhirResourceType, query: Record<string, unknown>): ParsedSearch {
  const supported = searchParams[type];
  if (!supported) throw fhirNotSupported(`${type} is read by id only: no search`);
  const parsed: ParsedSearch = { patientIds: [], category: [], code: [], date: [], lastUpdated: [] };
  let hasPatient = false;
  for (const [key, raw] of Object.entries(query)) {
    if (key === '_format') {
      const formats = values(raw, key);
      if (formats.some((format) => !['json', 'application/json', 'application/fhir+json'].includes(format))) {
        throw fhirNotSupported('_format: only JSON is offered');
      }
      continue;
    }
    const definition = supported.find((param) => param.name === key);
    if (!definition) {
      throw fhirNotSupported(
        `${type} does not support the search parameter '${key}' (supported: ${supported.map((p) => p.name).join(', ')})`,
      );
    }
    for (const value of values(raw, key)) {
      const alternatives = value.split(',');
      if (key === 'patient' || key === '_id') {
        if (hasPatient || (key === 'patient' && alternatives.length > 1)) {
          throw fhirInvalid(`${key}: one ${key === 'patient' ? 'patient' : 'list of ids'} only`);
        }
        hasPatient = true;
        for (const alternative of alternatives) {
          const id = parseRecordId(key === 'patient' ? alternative.replace(/^Patient\//, '') : alternative);
          if (id === null) throw fhirInvalid(`${key}: '${alternative}' is not a patient id`);
          parsed.patientIds.push(id);
        }
      } else if (key === 'category' || key === 'code') {
        parsed[key].push(alternatives.map((alternative) => parseToken(alternative, key)));
      } else if (key === '_lastUpdated') {
        parsed.lastUpdated.push(alternatives.map((alternative) => parseDate(alternative, key)));
      } else {
        parsed.date.push(alternatives.map((alternative) => parseDate(alternative, key)));
      }
    }
  }
  if (!hasPatient) {
    throw fhirInvalid(type === 'Patient' ? 'Patient search needs _id' : `${type} search needs patient`);
  }
  return parsed;
}

const tokenMatches = (codings: readonly Coding[], token: Token): boolean =>
  codings.some(
    (coding) =>
      (token.code === null || coding.code === token.code) &&
      (token.system === null || (token.system === '' ? coding.system === undefined : coding.system === token.system)),
  );

function categoriesOf(resource: FhirResource): Coding[] {
  switch (resource.resourceType) {
    case 'Observation':
    case 'DiagnosticReport':
    case 'ServiceRequest':
      return (resource.category ?? []).flatMap((category) => category.coding ?? []);
    case 'Patient':
    case 'Practitioner':
    case 'Task':
    case 'Device':
    case 'Provenance':
      return [];
  }
}

function codesOf(resource: FhirResource): Coding[] {
  switch (resource.resourceType) {
    case 'Observation':
    case 'DiagnosticReport':
      return resource.code.coding ?? [];
    case 'ServiceRequest':
    case 'Task':
      return resource.code?.coding ?? [];
    case 'Patient':
    case 'Practitioner':
    case 'Device':
    case 'Provenance':
      return [];
  }
}

function dateOf(resource: FhirResource): string | undefined {
  switch (resource.resourceType) {
    case 'Observation':
    case 'DiagnosticReport':
      return resource.effectiveDateTime;
    case 'ServiceRequest':
      return resource.authoredOn;
    case 'Patient':
    case 'Practitioner':
    case 'Task':
    case 'Device':
    case 'Provenance':
      return undefined;
  }
}

const allOf = (tests: readonly DateTest[][], value: string | undefined): boolean => {
  if (tests.length === 0) return true;
  if (value === undefined) return false;
  const instant = Date.parse(value);
  return tests.every((alternatives) => alternatives.some((test) => test(instant)));
};

/** Whether a resource of the searched type matches every parameter of the search. */
export function matchesSearch(resource: FhirResource, search: ParsedSearch): boolean {
  const categories = categoriesOf(resource);
  const codes = codesOf(resource);
  return (
    search.category.every((alternatives) => alternatives.some((token) => tokenMatches(categories, token))) &&
    search.code.every((alternatives) => alternatives.some((token) => tokenMatches(codes, token))) &&
    allOf(search.date, dateOf(resource)) &&
    allOf(search.lastUpdated, resource.meta?.lastUpdated)
  );
}

const allAt = (tests: readonly DateTest[][], instant: number): boolean =>
  tests.every((alternatives) => alternatives.some((test) => test(instant)));

/**
 * Whether a finished test's resources may match the search's dates, from the test alone, before any is mapped: a
 * test's resources (Observation, DiagnosticReport, Provenance) all have its completion as their effective time and
 * its recording as their last update. Codes and categories are matched on the mapped resources (matchesSearch).
 */
export function testMatchesDates(test: ChartTest, search: ParsedSearch): boolean {
  const { recordedAt, completedDateTime } = test.finished;
  return (
    allAt(search.date, Date.parse(test.scored.completedDateTime)) &&
    allAt(search.lastUpdated, (recordedAt ?? completedDateTime).getTime())
  );
}
