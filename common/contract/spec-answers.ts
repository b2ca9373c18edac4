/**
 * The fields each answer of spec §7 may carry: spec §3's fields of what it answers (issue 37). A production API
 * answers these shapes and nothing of what the reference server adds, so under API_SURFACE=spec the reference server
 * strips every other field from these answers (server/http/api-surface.ts), and the journeys against it notice a
 * client that depends on an extra. The one list of them; pure data and matching, no imports but the calls' own.
 *
 * A shape names each field an object may carry: `true` keeps the field's value as it is, a nested shape keeps only
 * its fields (of the object, or of each item of an array). Answers whose body spec §7 does not show (account
 * actions, password flows, the mass order, the contact form, logs) and the gap calls are not listed: nothing is
 * known to take out of them.
 */
import { matchesSpecCall, type SpecCall } from './spec-calls';

export interface SpecShape {
  readonly [field: string]: SpecShape | true;
}

export interface SpecAnswer extends SpecCall {
  readonly answer: SpecShape;
}

const fields = (...names: string[]): SpecShape => Object.fromEntries(names.map((name) => [name, true]));
const idName = fields('id', 'name');
const codeName = fields('code', 'name');
const list = (item: SpecShape): SpecShape => ({ dataList: item, count: true });

/** Spec §3 Provider service's own fields (and its form fields providerName, serviceName, deliveryMethod). */
const providerServiceRef: SpecShape = { id: true, provider: idName, service: idName };
const orderTypes = fields('id', 'name', 'isDefault', 'displayOrder');
const languages = fields('id', 'localityId', 'isDefault');
const providerService: SpecShape = {
  ...providerServiceRef,
  reportType: idName,
  supportedAssessmentOrderTypes: orderTypes,
  supportedAssessmentLanguages: languages,
  defaultAssessmentLanguage: true,
  supportedBatteryTypes: fields('code'),
  configurationsToggledBatteryTypes: true,
  workflowDef: true,
  battery: true,
  ...fields('providerName', 'serviceName', 'deliveryMethod'),
};

/** Spec §3 Profile: the common fields, then what a patient and a clinician add. */
const profile: SpecShape = {
  ...fields('id', 'firstName', 'middleInitial', 'lastName', 'shortName', 'name', 'email', 'phone', 'isDisabled'),
  address: { ...fields('line1', 'line2', 'city', 'postalCode'), state: codeName, country: codeName },
  providerServices: {
    ...providerServiceRef,
    supportedAssessmentOrderTypes: orderTypes,
    supportedAssessmentLanguages: languages,
  },
};
const patient: SpecShape = {
  ...profile,
  ...fields('dateOfBirth', 'age', 'defaultLanguage', 'openOrdersCount'),
  ...fields('lastAssessmentOpenOrderDate', 'lastAssessmentOrderCompletionDate'),
  gender: fields('id', 'name', 'genderCode'),
};
const clinician: SpecShape = {
  ...profile,
  firstTimeAccountSetupComplete: true,
  specialty: idName,
  medicalLicenseNumber: true,
};
const technician: SpecShape = { ...profile, firstTimeAccountSetupComplete: true };

/** Spec §3 Assessment order. */
export const specOrderShape: SpecShape = {
  ...fields('id', 'assessmentOrderEmail', 'batteryTypeCode', 'scheduleDateTime', 'orderDate', 'completedDateTime'),
  ...fields('assessmentOrderLastStartedUsingLanguage', 'updatePatientDefaultEmailToAssessmentOrderEmail'),
  patient: idName,
  assessmentOrderType: fields('id', 'name', 'displayOrder'),
  batteryType: fields('name', 'code', 'description'),
  prescriber: idName,
  assessmentOrderStatus: idName,
  providerService: providerServiceRef,
};

/**
 * A patient's order as its begin page reads it. Spec gap: the patient's own page must know whether the patient is
 * deactivated, their default language and the languages offered (spec §4), and no call of §7 a patient may make
 * tells them otherwise, so the answer is taken to carry them.
 */
const patientOrder: SpecShape = {
  ...specOrderShape,
  ...fields('patientIsDisabled', 'patientDefaultLanguage'),
  supportedAssessmentLanguages: languages,
};

/**
 * Spec §3 Auth result, with the Auth status fields the session takes from it (expiresOn, patientAssessmentId): the
 * token checker of spec §4 validates when the expiry is unknown, so the client copes without it.
 */
const authResult: SpecShape = {
  ...fields('success', 'authToken', 'entitlements', 'passwordExpiredChangePasswordRequired'),
  ...fields('accountLockedFailedAuthAttemptsExceeded', 'failedMessage', 'expiresOn', 'patientAssessmentId'),
  providerServices: providerServiceRef,
  user: fields('role', 'healthcareProfileId', 'userId', 'userName', 'acceptedPrivacyPolicy', 'firstName', 'lastName'),
};

/**
 * Spec §3 Patient login confirm response. Spec gap: how the patient's session reaches the client is not shown, so
 * the answer is taken to carry it (`success`, `patientId` and `auth`, an Auth result).
 */
const patientLogin: SpecShape = {
  ...fields('assessmentOrderStatusId', 'patientAssessmentId', 'orderLockedFailedAuthAttemptsExceeded'),
  ...fields('messageTitle', 'failedMessage', 'success', 'patientId'),
  auth: authResult,
};

const locality = fields('id', 'name', 'selected', 'isDefaultLocality', 'previouslyAdded');
const battery = fields('id', 'name', 'code', 'description', 'displayOrder', 'isDefault', 'localizedText', 'selected');
const beginTest = fields('authTokenToUseForTest', 'workflowInstanceId');

const order = '/api/{product}/assessmentorders';
const profilePaths = { patient, clinician, technician };

export const specAnswers: readonly SpecAnswer[] = [
  { method: 'POST', path: '/api/{product}/login', answer: authResult },
  { method: 'POST', path: '/api/{product}/login/validate', answer: authResult },
  { method: 'POST', path: '/api/{product}/login/refreshauthtoken', answer: authResult },
  { method: 'POST', path: '/api/{product}/login/patient', answer: patientLogin },
  { method: 'GET', path: '/api/{product}/devops', answer: fields('serverUtcTime') },
  ...Object.entries(profilePaths).flatMap(([kind, shape]): SpecAnswer[] => [
    { method: 'GET', path: `/api/profile/${kind}s`, answer: list(shape) },
    { method: 'GET', path: `/api/profile/${kind}s/{id}`, answer: shape },
    { method: 'POST', path: `/api/profile/${kind}s`, answer: shape },
    { method: 'PUT', path: `/api/profile/${kind}s`, answer: shape },
  ]),
  { method: 'GET', path: '/api/profile/patients/withresults', answer: list(patient) },
  { method: 'GET', path: '/api/profile/patients/outstandingorders', answer: list(patient) },
  { method: 'GET', path: '/api/profile/patients/{id}/assessmentorders', answer: list(specOrderShape) },
  { method: 'GET', path: '/api/profile/patients/{id}/assessmentorders/{assessmentId}', answer: patientOrder },
  { method: 'POST', path: order, answer: specOrderShape },
  { method: 'GET', path: `${order}/{id}`, answer: specOrderShape },
  { method: 'POST', path: `${order}/{id}/begintest`, answer: beginTest },
  { method: 'POST', path: `${order}/{id}/beginsupervisedtest`, answer: beginTest },
  { method: 'POST', path: `${order}/{id}/testerror`, answer: specOrderShape },
  { method: 'POST', path: `${order}/{id}/testcompleted`, answer: specOrderShape },
  { method: 'GET', path: '/api/{product}/providerservices', answer: list(providerService) },
  { method: 'GET', path: '/api/{product}/providerservices/{id}', answer: providerService },
  { method: 'POST', path: '/api/{product}/providerservices', answer: providerService },
  { method: 'PUT', path: '/api/{product}/providerservices/{id}', answer: providerService },
  { method: 'GET', path: '/api/{product}/providerservices/batteries', answer: list(battery) },
  { method: 'GET', path: '/api/{product}/providerservices/updatedproviderservices', answer: list(providerServiceRef) },
  { method: 'GET', path: '/api/references/localities', answer: list(locality) },
  { method: 'GET', path: '/api/references/reporttypes', answer: list(idName) },
  { method: 'GET', path: '/api/references/batteries', answer: list(battery) },
  { method: 'GET', path: '/api/rules', answer: fields('patientMaxBirthday', 'patientMinBirthday') },
];

/** The shape spec §3 gives the answer of this request, if it is a spec call whose answer the spec shows. */
export function specAnswerShape(
  method: string,
  path: string,
  product: string,
  routePattern?: string,
): SpecShape | undefined {
  return specAnswers.find((call) => matchesSpecCall(call, method, path, product, routePattern))?.answer;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value with only the fields its shape names, at every depth; null, text and numbers as they are. */
export function toSpecShape(value: unknown, shape: SpecShape): unknown {
  if (Array.isArray(value)) return value.map((item) => toSpecShape(item, shape));
  if (!isRecord(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [field, fieldShape] of Object.entries(shape)) {
    if (!(field in value)) continue;
    kept[field] = fieldShape === true ? value[field] : toSpecShape(value[field], fieldShape);
  }
  return kept;
}
