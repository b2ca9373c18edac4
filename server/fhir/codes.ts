import type { CodeableConcept, Coding } from '@medplum/fhirtypes';
import type { CardTask, Composite, OrderProgressId } from '#common/contract';

/**
 * Issue 38: the product's own code systems and identifier systems, and the standard codes the resources carry.
 * The product's systems live under one base URI that never changes with the server's address or product slug:
 * a code in a chart must mean the same thing years later, wherever it was read from (README, "FHIR").
 */
export const productBase = 'https://cgm-web-client.example.org/fhir';

/** The product's code systems: batteries, measures (Observation codes), order progress, settings, devices. */
export const productSystems = {
  battery: `${productBase}/CodeSystem/battery`,
  measure: `${productBase}/CodeSystem/measure`,
  orderProgress: `${productBase}/CodeSystem/order-progress`,
  method: `${productBase}/CodeSystem/test-setting`,
  deviceClass: `${productBase}/CodeSystem/device-class`,
  reliableChange: `${productBase}/CodeSystem/reliable-change`,
  taskOutput: `${productBase}/CodeSystem/task-output`,
} as const;

/** Identifier systems: our record ids, stable within one installation of the product. */
export const identifierSystems = {
  patient: `${productBase}/sid/patient`,
  staff: `${productBase}/sid/staff`,
  order: `${productBase}/sid/order`,
  requisition: `${productBase}/sid/requisition`,
  medicalLicense: `${productBase}/sid/medical-license`,
} as const;

export const snomed = 'http://snomed.info/sct';
export const loinc = 'http://loinc.org';
export const ucum = 'http://unitsofmeasure.org';

/** SNOMED CT 113024001, the code CMS149 ("Dementia: Cognitive Assessment") counts a cognitive assessment by. */
export const cognitiveTestingCoding: Coding = {
  system: snomed,
  code: '113024001',
  display: 'Assessment and interpretation of higher cerebral function, cognitive testing (procedure)',
};

/** US Core Observation Screening Assessment: the `survey` category and the screening-assessment `cognitive-status`. */
export const surveyCategory: CodeableConcept = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'survey', display: 'Survey' }],
};
export const cognitiveStatusCategory: CodeableConcept = {
  coding: [{ system: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-category', code: 'cognitive-status' }],
};

/** DiagnosticReport category: HL7 v2 table 0074 has no section for cognitive testing, so "Other". */
export const reportCategory: CodeableConcept = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'OTH', display: 'Other' }],
};

/** ServiceRequest category (US Core's required set): an evaluation procedure. */
export const evaluationCategory: CodeableConcept = {
  coding: [{ system: snomed, code: '386053000', display: 'Evaluation procedure (procedure)' }],
};

export const batteryNames: Readonly<Record<string, string>> = {
  FullCBB: 'Full cognitive assessment (four card tasks)',
  MemOnlyCBB: 'Memory assessment (learning and working-memory card tasks)',
};

export const compositeNames: Readonly<Record<Composite, string>> = {
  psychomotorAttention: 'Psychomotor function and attention composite score',
  learningWorkingMemory: 'Learning and working memory composite score',
};

export const taskNames: Readonly<Record<CardTask, string>> = {
  detection: 'Detection task score (psychomotor function)',
  identification: 'Identification task score (attention)',
  oneCardLearning: 'One card learning task score (visual learning)',
  oneBack: 'One back task score (working memory)',
};

/** The measure codes of the product system, as Observation.code and component codes use them. */
export const measureCodes = {
  composite: (composite: Composite) => `composite-${composite}`,
  task: (task: CardTask) => `task-${task}`,
  validity: 'validity',
  accuracy: 'accuracy',
  meanCorrectMs: 'mean-correct-response-time',
  report: 'cognitive-report',
} as const;

export const progressNames: Readonly<Record<OrderProgressId, string>> = {
  SCHEDULED: 'Ordered',
  SENT: 'Link sent',
  OPENED: 'Link opened',
  IN_PROGRESS: 'Test started',
  LOCKED: 'Link locked',
  EXPIRED: 'Link expired',
  CANCELLED: 'Cancelled',
  FINISHED: 'Finished',
};
