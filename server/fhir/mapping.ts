import type {
  Address,
  CodeableConcept,
  ContactPoint,
  Device,
  DiagnosticReport,
  Observation,
  ObservationComponent,
  Patient,
  Practitioner,
  Provenance,
  Quantity,
  Reference,
  ServiceRequest,
  Task,
} from '@medplum/fhirtypes';
import type {
  CardTask,
  Composite,
  CompositeChange,
  DeviceClass,
  OrderProgressId,
  ScoredTest,
  TaskScore,
} from '#common/contract';
import { referenceValues, taskStandardScore } from '#common/scoring';
import type { FhirFinishedRow, FhirOrderRow, FhirPatientRow, FhirStaffRow } from '../db/queries/fhir';
import {
  batteryNames,
  cognitiveStatusCategory,
  cognitiveTestingCoding,
  compositeNames,
  evaluationCategory,
  identifierSystems,
  measureCodes,
  productSystems,
  progressNames,
  reportCategory,
  surveyCategory,
  taskNames,
  ucum,
} from './codes';
import { profiles, type FhirResource, type FhirResourceType } from './profiles';

/**
 * Issue 38: one patient's chart as FHIR R4 resources on US Core 6.1.0. Pure: everything comes in the chart, read
 * beforehand (server/fhir/charts.ts), so the same chart always gives the same resources. The README's FHIR section
 * has the mapping table; change both together.
 */

/** One finished test: its score (as the results and the report compute it) and its stored facts. */
export interface ChartTest {
  scored: ScoredTest;
  finished: FhirFinishedRow;
}

export interface PatientChart {
  patient: FhirPatientRow;
  /** Every order, oldest first. */
  orders: readonly FhirOrderRow[];
  /** The finished tests that have a record to score, oldest first. */
  tests: readonly ChartTest[];
  /** The staff the orders and tests name (prescribers, supervisors), by id. */
  staff: ReadonlyMap<number, FhirStaffRow>;
}

/** A reference, typed as whatever reference its element takes (the type name in it says what it points at). */
const ref = (type: string, id: string | number, display?: string): Reference<never> => ({
  reference: `${type}/${String(id)}`,
  ...(display === undefined ? {} : { display }),
});

export const resourceIds = {
  patient: (id: number) => String(id),
  practitioner: (id: number) => String(id),
  serviceRequest: (orderId: number) => String(orderId),
  task: (orderId: number) => String(orderId),
  report: (orderId: number) => String(orderId),
  provenance: (orderId: number) => String(orderId),
  composite: (orderId: number, composite: Composite) => `${String(orderId)}-${composite}`,
  taskScore: (orderId: number, task: CardTask) => `${String(orderId)}-${task}`,
  validity: (orderId: number) => `${String(orderId)}-validity`,
  device: (deviceClass: DeviceClass) => deviceClass,
  reportPdf: (orderId: number) => `report-${String(orderId)}`,
} as const;

const meta = (profile: string | undefined, lastUpdated: Date) => ({
  ...(profile === undefined ? {} : { profile: [profile] }),
  lastUpdated: lastUpdated.toISOString(),
});

function contactPoints(email: string, phone: string): ContactPoint[] {
  const points: ContactPoint[] = [];
  if (phone !== '') points.push({ system: 'phone', value: phone, use: 'home' });
  if (email !== '') points.push({ system: 'email', value: email });
  return points;
}

function address(row: FhirPatientRow): Address[] {
  const line = [row.addressLine1, row.addressLine2].filter((part) => part !== '');
  const parts: Address = {
    ...(line.length > 0 ? { line } : {}),
    ...(row.city === '' ? {} : { city: row.city }),
    ...(row.stateCode === null ? {} : { state: row.stateCode }),
    ...(row.postalCode === '' ? {} : { postalCode: row.postalCode }),
    ...(row.countryCode === null ? {} : { country: row.countryCode }),
  };
  return Object.keys(parts).length > 0 ? [{ use: 'home', ...parts }] : [];
}

const given = (first: string, middle: string) => (middle === '' ? [first] : [first, middle]);

export function toPatient(row: FhirPatientRow): Patient {
  const telecom = contactPoints(row.email, row.phone);
  const addresses = address(row);
  return {
    resourceType: 'Patient',
    id: resourceIds.patient(row.id),
    meta: meta(profiles.Patient, row.updatedAt),
    identifier: [{ use: 'usual', system: identifierSystems.patient, value: String(row.id) }],
    active: !row.isDisabled,
    name: [{ use: 'official', family: row.lastName, given: given(row.firstName, row.middleInitial) }],
    ...(telecom.length > 0 ? { telecom } : {}),
    gender: row.gender === 'F' ? 'female' : 'male',
    birthDate: row.dateOfBirth,
    ...(addresses.length > 0 ? { address: addresses } : {}),
    communication: [
      { language: { coding: [{ system: 'urn:ietf:bcp:47', code: row.defaultLanguage }] }, preferred: true },
    ],
  };
}

export function toPractitioner(row: FhirStaffRow): Practitioner {
  const telecom = contactPoints(row.email, row.phone);
  return {
    resourceType: 'Practitioner',
    id: resourceIds.practitioner(row.id),
    meta: meta(profiles.Practitioner, row.updatedAt),
    identifier: [
      { use: 'usual', system: identifierSystems.staff, value: String(row.id) },
      ...(row.medicalLicenseNumber === ''
        ? []
        : [{ system: identifierSystems.medicalLicense, value: row.medicalLicenseNumber }]),
    ],
    name: [{ family: row.lastName, given: given(row.firstName, row.middleInitial) }],
    ...(telecom.length > 0 ? { telecom } : {}),
  };
}

function staffReference(chart: PatientChart, id: number | null | undefined): Reference<never> | null {
  if (id === null || id === undefined) return null;
  const staff = chart.staff.get(id);
  return staff ? ref('Practitioner', staff.id, `${staff.firstName} ${staff.lastName}`) : null;
}

const patientReference = (row: FhirPatientRow): Reference<never> =>
  ref('Patient', row.id, `${row.firstName} ${row.lastName}`);

function batteryCode(code: string): CodeableConcept {
  const name = batteryNames[code] ?? code;
  return {
    coding: [{ system: productSystems.battery, code, display: name }, cognitiveTestingCoding],
    text: name,
  };
}

/** Order progress → request status: finished is completed, cancelled is revoked, anything else still stands. */
function requestStatus(progress: OrderProgressId): ServiceRequest['status'] {
  if (progress === 'FINISHED') return 'completed';
  if (progress === 'CANCELLED') return 'revoked';
  return 'active';
}

export function toServiceRequest(chart: PatientChart, row: FhirOrderRow): ServiceRequest {
  const { order } = row;
  const home = order.assessmentOrderType.id === 'HOME';
  const requester = staffReference(chart, order.prescriber?.id);
  return {
    resourceType: 'ServiceRequest',
    id: resourceIds.serviceRequest(order.id),
    meta: meta(profiles.ServiceRequest, row.updatedAt),
    identifier: [{ system: identifierSystems.order, value: String(order.id) }],
    requisition: { system: identifierSystems.requisition, value: row.requisition },
    status: requestStatus(order.progress.id),
    intent: 'order',
    category: [evaluationCategory],
    code: batteryCode(order.batteryTypeCode),
    subject: patientReference(chart.patient),
    authoredOn: order.orderDate,
    ...(home
      ? { occurrencePeriod: { start: order.orderDate, ...(order.linkExpiresOn ? { end: order.linkExpiresOn } : {}) } }
      : { occurrenceDateTime: order.scheduleDateTime }),
    ...(requester ? { requester } : {}),
    locationCode: [
      home
        ? {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
                code: 'PTRES',
                display: "Patient's Residence",
              },
            ],
            text: 'Home (unsupervised, from an emailed link)',
          }
        : {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
                code: 'OF',
                display: 'Outpatient facility',
              },
            ],
            text: 'Clinic (supervised)',
          },
    ],
  };
}

/** Where an order stands → FHIR's task status. */
export const taskStatusOf: Readonly<Record<OrderProgressId, Task['status']>> = {
  SCHEDULED: 'requested',
  SENT: 'ready',
  OPENED: 'received',
  IN_PROGRESS: 'in-progress',
  LOCKED: 'on-hold',
  EXPIRED: 'failed',
  CANCELLED: 'cancelled',
  FINISHED: 'completed',
};

export function toTask(chart: PatientChart, row: FhirOrderRow): Task {
  const { order } = row;
  const progress = order.progress.id;
  const requester = staffReference(chart, order.prescriber?.id);
  const finished = chart.tests.some((test) => test.finished.orderId === order.id);
  return {
    resourceType: 'Task',
    id: resourceIds.task(order.id),
    meta: meta(undefined, row.updatedAt),
    identifier: [{ system: identifierSystems.order, value: String(order.id) }],
    basedOn: [ref('ServiceRequest', order.id)],
    status: taskStatusOf[progress],
    businessStatus: {
      coding: [{ system: productSystems.orderProgress, code: progress, display: progressNames[progress] }],
      text: progressNames[progress],
    },
    intent: 'order',
    code: {
      coding: [
        { system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill', display: 'Fulfill the focal request' },
      ],
    },
    focus: ref('ServiceRequest', order.id),
    for: patientReference(chart.patient),
    authoredOn: order.orderDate,
    lastModified: row.updatedAt.toISOString(),
    ...(requester ? { requester } : {}),
    ...(order.linkExpiresOn ? { restriction: { period: { end: order.linkExpiresOn } } } : {}),
    ...(finished
      ? {
          output: [
            {
              type: { coding: [{ system: productSystems.taskOutput, code: 'report', display: 'Cognitive report' }] },
              valueReference: ref('DiagnosticReport', resourceIds.report(order.id)),
            },
          ],
        }
      : {}),
  };
}

const deviceNames: Readonly<Record<DeviceClass, string>> = {
  phone: 'Phone',
  tablet: 'Tablet',
  desktop: 'Desktop or laptop computer',
};

/** The class of device tests ran on: one Device per class, shared by every test that ran on one. */
export function toDevice(deviceClass: DeviceClass): Device {
  return {
    resourceType: 'Device',
    id: resourceIds.device(deviceClass),
    meta: meta(undefined, new Date('2026-01-01T00:00:00Z')),
    status: 'active',
    deviceName: [
      { name: `${deviceNames[deviceClass]} running the card-task test in a web browser`, type: 'user-friendly-name' },
    ],
    type: {
      coding: [{ system: productSystems.deviceClass, code: deviceClass, display: deviceNames[deviceClass] }],
      text: deviceNames[deviceClass],
    },
  };
}

const scoreQuantity = (value: number): Quantity => ({
  value: Math.round(value * 10) / 10,
  unit: 'score',
  system: ucum,
  code: '{score}',
});

function methodOf(test: ChartTest): CodeableConcept {
  const home = test.scored.score.setting === 'home';
  return {
    coding: [
      {
        system: productSystems.method,
        code: home ? 'home' : 'supervised',
        display: home ? 'At home, unsupervised' : 'In the clinic, supervised',
      },
    ],
    text: home ? 'At home, unsupervised' : 'In the clinic, supervised',
  };
}

/** Who answers for the observation: the supervising staff member, else the prescriber, else the patient. */
function performersOf(chart: PatientChart, test: ChartTest): Reference<never>[] {
  const staff =
    staffReference(chart, test.finished.supervisorUserId) ?? staffReference(chart, test.finished.prescriberUserId);
  return [staff ?? patientReference(chart.patient)];
}

function observationBase(chart: PatientChart, test: ChartTest, id: string, code: CodeableConcept): Observation {
  const lastUpdated = test.finished.recordedAt ?? test.finished.completedDateTime;
  return {
    resourceType: 'Observation',
    id,
    meta: meta(profiles.Observation, lastUpdated),
    status: 'final',
    category: [surveyCategory, cognitiveStatusCategory],
    code,
    subject: patientReference(chart.patient),
    effectiveDateTime: test.scored.completedDateTime,
    issued: lastUpdated.toISOString(),
    performer: performersOf(chart, test),
    method: methodOf(test),
    device: ref('Device', resourceIds.device(test.scored.score.deviceClass)),
    basedOn: [ref('ServiceRequest', test.finished.orderId)],
  };
}

const notScored: CodeableConcept = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'error', display: 'Error' }],
  text: 'Not scored: the test or one of its tasks is not valid',
};

function reliableChangeInterpretation(change: CompositeChange): CodeableConcept[] {
  if (change.reliableChange === null) return [];
  const text = {
    decline: 'Reliable decline from the baseline',
    improvement: 'Reliable improvement from the baseline',
    none: 'No reliable change from the baseline',
  }[change.reliableChange];
  const standard =
    change.reliableChange === 'decline'
      ? [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'W', display: 'Worse' }]
      : change.reliableChange === 'improvement'
        ? [
            {
              system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
              code: 'B',
              display: 'Better',
            },
          ]
        : [];
  return [
    {
      coding: [{ system: productSystems.reliableChange, code: change.reliableChange, display: text }, ...standard],
      text,
    },
  ];
}

function taskComponents(score: TaskScore): ObservationComponent[] {
  const components: ObservationComponent[] = [];
  if (score.accuracy !== null) {
    components.push({
      code: { coding: [{ system: productSystems.measure, code: measureCodes.accuracy, display: 'Accuracy' }] },
      valueQuantity: { value: Math.round(score.accuracy * 1000) / 10, unit: '%', system: ucum, code: '%' },
    });
  }
  if (score.meanCorrectMs !== null) {
    components.push({
      code: {
        coding: [
          { system: productSystems.measure, code: measureCodes.meanCorrectMs, display: 'Mean correct response time' },
        ],
      },
      valueQuantity: { value: Math.round(score.meanCorrectMs), unit: 'ms', system: ucum, code: 'ms' },
    });
  }
  return components;
}

/** The baseline's composite of the same kind, when this test was compared with one. */
function baselineComposite(test: ChartTest, composite: Composite): Reference<never> | null {
  const comparison = test.scored.comparison;
  return comparison ? ref('Observation', resourceIds.composite(comparison.baselineAssessmentId, composite)) : null;
}

/** The Observations of one test: its composites (coded for CMS149), its tasks' scores and its validity. */
export function toObservations(chart: PatientChart, test: ChartTest): Observation[] {
  const orderId = test.finished.orderId;
  const { score } = test.scored;
  const taskObservations = score.tasks.map((task): Observation => {
    const value = taskStandardScore(task);
    return {
      ...observationBase(chart, test, resourceIds.taskScore(orderId, task.task), {
        coding: [{ system: productSystems.measure, code: measureCodes.task(task.task), display: taskNames[task.task] }],
        text: taskNames[task.task],
      }),
      ...(value === null ? { dataAbsentReason: notScored } : { valueQuantity: scoreQuantity(value) }),
      component: taskComponents(task),
    };
  });
  const validity: Observation = {
    ...observationBase(chart, test, resourceIds.validity(orderId), {
      coding: [{ system: productSystems.measure, code: measureCodes.validity, display: 'Test validity' }],
      text: 'Test validity',
    }),
    valueBoolean: score.valid,
    ...(score.flags.length > 0 ? { note: [{ text: `Flags: ${score.flags.join(', ')}` }] } : {}),
    derivedFrom: taskObservations.map((observation) => ref('Observation', observation.id ?? '')),
  };
  const composites = score.composites.map((composite): Observation => {
    const change = test.scored.change?.find((entry) => entry.composite === composite.composite);
    const baseline = baselineComposite(test, composite.composite);
    const memberTasks: readonly CardTask[] = referenceValues.composites[composite.composite];
    const members = score.tasks.filter((task) => memberTasks.includes(task.task));
    return {
      ...observationBase(chart, test, resourceIds.composite(orderId, composite.composite), {
        coding: [
          {
            system: productSystems.measure,
            code: measureCodes.composite(composite.composite),
            display: compositeNames[composite.composite],
          },
          cognitiveTestingCoding,
        ],
        text: compositeNames[composite.composite],
      }),
      ...(composite.score === null
        ? { dataAbsentReason: notScored }
        : { valueQuantity: scoreQuantity(composite.score) }),
      ...(change ? { interpretation: reliableChangeInterpretation(change) } : {}),
      hasMember: [
        ...members.map((task) => ref('Observation', resourceIds.taskScore(orderId, task.task))),
        ref('Observation', resourceIds.validity(orderId)),
      ],
      ...(baseline ? { derivedFrom: [baseline] } : {}),
    };
  });
  return [...composites, ...taskObservations, validity];
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${String(character.codePointAt(0))};`);
}

/** The summary a chart shows of a test, in plain words (English, as the coded data's displays). */
export function testSummary(test: ChartTest): string {
  const { score, change } = test.scored;
  const lines = score.composites.map((composite) => {
    const name = compositeNames[composite.composite];
    if (composite.score === null) return `${name}: not scored.`;
    const delta = change?.find((entry) => entry.composite === composite.composite);
    const reading =
      delta?.reliableChange === 'decline'
        ? ', a reliable decline from the baseline'
        : delta?.reliableChange === 'improvement'
          ? ', a reliable improvement from the baseline'
          : delta?.reliableChange === 'none'
            ? ', no reliable change from the baseline'
            : '';
    return `${name}: ${(Math.round(composite.score * 10) / 10).toFixed(1)}${reading}.`;
  });
  const setting = score.setting === 'home' ? 'Taken at home' : 'Taken in the clinic, supervised';
  const validity = score.valid ? 'The test is valid.' : 'The test is not valid: its scores should not be relied on.';
  return [`${setting} on a ${score.deviceClass}.`, validity, ...lines].join(' ');
}

export function toDiagnosticReport(
  chart: PatientChart,
  test: ChartTest,
  observations: Observation[],
): DiagnosticReport {
  const orderId = test.finished.orderId;
  const summary = testSummary(test);
  const lastUpdated = test.finished.recordedAt ?? test.finished.completedDateTime;
  const performer = performersOf(chart, test);
  return {
    resourceType: 'DiagnosticReport',
    id: resourceIds.report(orderId),
    meta: meta(profiles.DiagnosticReport, lastUpdated),
    text: { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml"><p>${escapeXml(summary)}</p></div>` },
    basedOn: [ref('ServiceRequest', orderId)],
    status: 'final',
    category: [reportCategory],
    code: {
      coding: [{ system: productSystems.measure, code: measureCodes.report, display: 'Cognitive assessment report' }],
      text: 'Cognitive assessment report',
    },
    subject: patientReference(chart.patient),
    effectiveDateTime: test.scored.completedDateTime,
    issued: lastUpdated.toISOString(),
    performer,
    result: observations.map((observation) => ref('Observation', observation.id ?? '')),
    conclusion: summary,
    presentedForm: [
      {
        contentType: 'application/pdf',
        language: test.finished.language ?? chart.patient.defaultLanguage,
        url: `Binary/${resourceIds.reportPdf(orderId)}`,
        title: 'Cognitive report (PDF)',
        creation: test.scored.completedDateTime,
      },
    ],
  };
}

/** Who and what produced a test's data: the person who took it (author) on the device (source). */
export function toProvenance(chart: PatientChart, test: ChartTest, targets: Reference<never>[]): Provenance {
  const orderId = test.finished.orderId;
  const lastUpdated = test.finished.recordedAt ?? test.finished.completedDateTime;
  const supervisor = staffReference(chart, test.finished.supervisorUserId);
  return {
    resourceType: 'Provenance',
    id: resourceIds.provenance(orderId),
    meta: meta(profiles.Provenance, lastUpdated),
    target: targets,
    recorded: lastUpdated.toISOString(),
    agent: [
      {
        type: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type',
              code: 'author',
              display: 'Author',
            },
          ],
        },
        who: patientReference(chart.patient),
      },
      ...(supervisor
        ? [
            {
              type: {
                coding: [
                  {
                    system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type',
                    code: 'verifier',
                    display: 'Verifier',
                  },
                ],
              },
              who: supervisor,
            },
          ]
        : []),
    ],
    entity: [{ role: 'source', what: ref('Device', resourceIds.device(test.scored.score.deviceClass)) }],
  };
}

/** The targets of a test's Provenance: its report and its observations. */
function provenanceTargets(orderId: number, observations: readonly Observation[]): Reference<never>[] {
  return [
    ref('DiagnosticReport', resourceIds.report(orderId)),
    ...observations.map((o) => ref('Observation', o.id ?? '')),
  ];
}

/** Every resource of one test, in the order a reader follows them: report, observations, provenance. */
export function testResources(chart: PatientChart, test: ChartTest): FhirResource[] {
  const observations = toObservations(chart, test);
  const report = toDiagnosticReport(chart, test, observations);
  return [report, ...observations, toProvenance(chart, test, provenanceTargets(test.finished.orderId, observations))];
}

/** The staff members a chart names, in id order. */
export function chartPractitioners(chart: PatientChart): Practitioner[] {
  return [...chart.staff.values()].sort((a, b) => a.id - b.id).map(toPractitioner);
}

/** The device classes a chart's tests ran on. */
export function chartDevices(chart: PatientChart): Device[] {
  const classes = [...new Set(chart.tests.map((test) => test.scored.score.deviceClass))].sort();
  return classes.map(toDevice);
}

/** Everything of one patient: the $everything of Patient/{id}, every resource once. */
export function chartResources(chart: PatientChart): FhirResource[] {
  return [
    toPatient(chart.patient),
    ...chartPractitioners(chart),
    ...chartDevices(chart),
    ...chart.orders.flatMap((row) => [toServiceRequest(chart, row), toTask(chart, row)]),
    ...chart.tests.flatMap((test) => testResources(chart, test)),
  ];
}

/**
 * The resources of one type in one chart, made of the tests `includeTest` keeps (all by default): a search maps only
 * what it may answer. The same resources, in the same order, as the chart's $everything has of that type.
 */
export function resourcesOfType(
  chart: PatientChart,
  type: FhirResourceType,
  includeTest: (test: ChartTest) => boolean = () => true,
): FhirResource[] {
  const tests = () => chart.tests.filter(includeTest);
  switch (type) {
    case 'Patient':
      return [toPatient(chart.patient)];
    case 'ServiceRequest':
      return chart.orders.map((row) => toServiceRequest(chart, row));
    case 'Task':
      return chart.orders.map((row) => toTask(chart, row));
    case 'Practitioner':
      return chartPractitioners(chart);
    case 'Device':
      return chartDevices(chart);
    case 'Observation':
      return tests().flatMap((test) => toObservations(chart, test));
    case 'DiagnosticReport':
      return tests().map((test) => toDiagnosticReport(chart, test, toObservations(chart, test)));
    case 'Provenance':
      return tests().map((test) =>
        toProvenance(chart, test, provenanceTargets(test.finished.orderId, toObservations(chart, test))),
      );
  }
}
