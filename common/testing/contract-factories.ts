import type {
  AssessmentOrder,
  AssessmentOrderType,
  PatientProfile,
  ProviderService,
  TrackedAssessmentOrder,
} from '../contract';

/**
 * The contract's entities as the server answers them (Rosa Alvarez at Northside's neurology service): the client's
 * tests and the server's read them alike, so this file imports the contract and nothing else (the lint boundary
 * lets server tests use it).
 */

/** The order types a provider service offers in the demo: out of the clinic (the default), then in it. */
export function homeAndSiteOrderTypes(): AssessmentOrderType[] {
  return [
    { id: 'HOME', name: 'Out-Of-Clinic', isDefault: true, displayOrder: 1 },
    { id: 'SITE', name: 'In-Clinic', isDefault: false, displayOrder: 2 },
  ];
}

const assessmentLanguageNames = { 'en-US': 'United States - English', 'es-US': 'United States - Spanish' };

/** The assessment languages a provider service supports, in this order; the first is its default. */
export function assessmentLanguages(...ids: (keyof typeof assessmentLanguageNames)[]) {
  return ids.map((id, index) => ({ id, localityId: id, name: assessmentLanguageNames[id], isDefault: index === 0 }));
}

/** A patient as the server answers it (Northside, English, one test so far). */
export function testPatient(overrides: Partial<PatientProfile> = {}): PatientProfile {
  return {
    id: 5,
    firstName: 'Rosa',
    middleInitial: '',
    lastName: 'Alvarez',
    shortName: 'Rosa Alvarez',
    name: 'Rosa Alvarez',
    email: 'rosa@example.test',
    phone: '',
    isDisabled: false,
    address: { line1: '', line2: '', city: '', state: null, postalCode: '', country: null },
    providerServices: [
      {
        id: 1,
        provider: { id: 1, name: 'Northside Memory Clinic' },
        service: { id: 1, name: 'Neurology' },
        supportedAssessmentOrderTypes: homeAndSiteOrderTypes(),
        supportedAssessmentLanguages: assessmentLanguages('en-US'),
      },
    ],
    dateOfBirth: '1948-05-17',
    age: 77,
    gender: { id: 'F', name: 'Female', genderCode: 'F' },
    defaultLanguage: 'en-US',
    openOrdersCount: 0,
    lastAssessmentOpenOrderDate: null,
    lastAssessmentOrderCompletionDate: null,
    ...overrides,
  };
}

/** Northside's neurology service as the provider-service API answers it (both order types, English, two batteries). */
export function testProviderService(overrides: Partial<ProviderService> = {}): ProviderService {
  return {
    id: 1,
    provider: { id: 1, name: 'Northside Memory Clinic' },
    service: { id: 1, name: 'Neurology' },
    reportType: { id: 1, name: 'Standard cognitive report' },
    deliveryMethod: 'BOTH',
    supportedAssessmentOrderTypes: homeAndSiteOrderTypes(),
    supportedAssessmentLanguages: assessmentLanguages('en-US'),
    defaultAssessmentLanguage: 'en-US',
    supportedBatteryTypes: [
      { code: 'FullCBB', name: 'Full assessment', isDefault: true },
      { code: 'MemOnlyCBB', name: 'Memory assessment', isDefault: false },
    ],
    configurationsToggledBatteryTypes: { 'Full assessment': true, 'Memory assessment': true },
    workflowDef: 'cgm-cbb',
    battery: 'FullCBB',
    linkExpiryDays: 14,
    reminderAfterDays: 3,
    ...overrides,
  };
}

let nextOrderId = 100;
/** A scheduled out-of-clinic order for Rosa Alvarez at Northside; each call has a new id unless one is given. */
export function testOrder(overrides: Partial<TrackedAssessmentOrder> = {}): TrackedAssessmentOrder {
  nextOrderId += 1;
  return {
    id: nextOrderId,
    patient: { id: 5, name: 'Rosa Alvarez' },
    assessmentOrderEmail: 'rosa@example.test',
    assessmentOrderType: { id: 'HOME', name: 'Out-Of-Clinic' },
    batteryTypeCode: 'FullCBB',
    batteryType: { code: 'FullCBB', name: 'Full assessment', description: '' },
    scheduleDateTime: '2025-03-04T15:00:00.000Z',
    orderDate: '2025-03-04T15:00:00.000Z',
    completedDateTime: null,
    prescriber: { id: 2, name: 'Elena Park' },
    orderedBy: { id: 2, name: 'Elena Park' },
    assessmentOrderStatus: { id: 'SCHD', name: 'Scheduled' },
    providerService: {
      id: 1,
      provider: { id: 1, name: 'Northside Memory Clinic' },
      service: { id: 1, name: 'Neurology' },
    },
    assessmentOrderLastStartedUsingLanguage: null,
    lastErrorCode: null,
    progress: { id: 'SENT', at: '2025-03-04T15:00:00.000Z' },
    linkExpiresOn: '2025-03-18T15:00:00.000Z',
    ...overrides,
  };
}

/** The same order as a production API of spec §3's shape answers it: none of the reference server's extras. */
export function specShapedOrder(overrides: Partial<AssessmentOrder> = {}): AssessmentOrder {
  const order: AssessmentOrder = { ...testOrder() };
  delete order.orderedBy;
  delete order.lastErrorCode;
  delete order.progress;
  delete order.linkExpiresOn;
  return { ...order, ...overrides };
}
