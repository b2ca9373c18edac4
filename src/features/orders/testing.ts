import type { AssessmentOrder, ProviderService } from '../../shared/api/contract';
import { fakeHttp } from '../../shared/testing/fake-http';

export { testPatient } from '../../shared/testing/factories';

export function testProviderService(overrides: Partial<ProviderService> = {}): ProviderService {
  return {
    id: 1,
    provider: { id: 1, name: 'Northside Memory Clinic' },
    service: { id: 1, name: 'Neurology' },
    reportType: { id: 1, name: 'Standard cognitive report' },
    deliveryMethod: 'BOTH',
    supportedAssessmentOrderTypes: [
      { id: 'HOME', name: 'Out-Of-Clinic', isDefault: true, displayOrder: 1 },
      { id: 'SITE', name: 'In-Clinic', isDefault: false, displayOrder: 2 },
    ],
    supportedAssessmentLanguages: [
      { id: 'en-US', localityId: 'en-US', name: 'United States - English', isDefault: true },
    ],
    defaultAssessmentLanguage: 'en-US',
    supportedBatteryTypes: [
      { code: 'FullCBB', name: 'Full assessment', isDefault: true },
      { code: 'MemOnlyCBB', name: 'Memory assessment', isDefault: false },
    ],
    configurationsToggledBatteryTypes: { 'Full assessment': true, 'Memory assessment': true },
    workflowDef: 'cgm-cbb',
    battery: 'FullCBB',
    ...overrides,
  };
}

let nextOrderId = 100;
export function testOrder(overrides: Partial<AssessmentOrder> = {}): AssessmentOrder {
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
    ...overrides,
  };
}

type Answer = (body: unknown) => unknown;

/** GETs answered by path (a map, or a function for paths with a query), POSTs by path with a function of the body. */
export function ordersHttp(
  gets: Record<string, unknown> | ((path: string) => unknown),
  posts: Record<string, Answer> = {},
) {
  return fakeHttp((call) => {
    if (call.method === 'GET') return typeof gets === 'function' ? gets(call.path) : gets[call.path];
    return call.method === 'POST' ? posts[call.path]?.(call.body) : undefined;
  });
}
