import type { Role } from '#common/contract/auth';
import { documentLanguageFor } from '#common/contract/documents';
import type { ProfileType, StaffProfileType } from '#common/contract/profiles';

/** Every route of spec §2 is built here, so no screen writes a path by hand. */
export function appPaths(product: string) {
  const base = `/${product}`;
  const manage = `${base}/manage`;
  return {
    root: '/',
    home: base,
    logout: '/logout',
    about: '/about',
    aboutWhoWeAre: '/about/whoweare',
    aboutUs: '/about/us',
    /** Spec §2: a link into the About area from under the product. */
    productAboutUs: `${base}/about/us`,
    aboutIndex: '/about/index',
    aboutIndexSection: (section: string) => `/about/index/${section}`,
    aboutContact: '/about/contact',
    aboutLicenses: '/about/licenses',
    resources: `${base}/resources`,
    manage,
    cops: `${manage}/cops`,
    addProviderService: `${manage}/addproviderservice`,
    editProviderService: (id: number) => `${manage}/editproviderservice/${String(id)}`,
    /** Sets the current provider service, then goes to the management home (spec §2). */
    providerService: (id: number) => `${base}/providerservice/${String(id)}`,
    patients: `${manage}/patients`,
    patientsResults: `${manage}/patientsresults`,
    patientsOrders: `${manage}/patientsorders`,
    patientsAdd: `${manage}/patients/add`,
    clinicians: `${manage}/clinicians`,
    technicians: `${manage}/technicians`,
    /** Beyond the spec (issue 35): the audit trail, for administrators. */
    audit: `${manage}/audit`,
    /** Beyond the spec (issue 38): the backend clients of the FHIR API, for administrators. */
    fhirClients: `${manage}/fhirclients`,
    myProfile: (role: StaffProfileType) => `${manage}/${role}myprofile`,
    myProfileEdit: (role: StaffProfileType, id: number) => `${manage}/${role}myprofile/${String(id)}/edit`,
    /** Spec §2: the list of a profile type (patients, clinicians, technicians). */
    profileList: (type: ProfileType) => `${manage}/${type}s`,
    profileAdd: (type: ProfileType) => `${manage}/${type}s/add`,
    profile: (type: ProfileType, id: number) => `${manage}/${type}/${String(id)}`,
    profileEdit: (type: ProfileType, id: number) => `${manage}/${type}/${String(id)}/edit`,
    /** Spec §2: the new-assessment dialog over the patient's profile. */
    orderNewAssessment: (patientId: number) => `${manage}/patient/${String(patientId)}/ordernewassessment`,
    /** Spec §2: the on-site assessment page of one order (begin, then completed or error). */
    patientAssessment: (patientId: number, assessmentId: number) =>
      `${manage}/patientassessment/${String(patientId)}/assessment/${String(assessmentId)}`,
    /** Spec §2/§4: where a patient's session goes when the on-site test comes back completed or with an error. */
    patientAssessmentCompleted: (patientId: number, assessmentId: number) =>
      `${manage}/patientassessment/${String(patientId)}/assessment/${String(assessmentId)}/completed`,
    patientAssessmentError: (patientId: number, assessmentId: number, code: string) =>
      `${manage}/patientassessment/${String(patientId)}/assessment/${String(assessmentId)}/error/${encodeURIComponent(code)}`,
    /** Spec §2: the embedded cognitive report of a patient (needs viewReport). */
    patientReport: (patientId: number) => `${manage}/patient/${String(patientId)}/cbbreport`,
    patientHome: `${base}/patient`,
    /**
     * Beyond the spec (issue 31): the tablet in the patient's hands for an on-site test (notice, language, Begin,
     * the runner's return, the closing screen and staff's unlock). Every other address shows the unlock screen
     * (`?locked=1`) while the device is in patient mode.
     */
    handover: `${base}/handover`,
    handoverLocked: `${base}/handover?locked=1`,
    patientLogin: `${base}/patientlogin`,
    /** Spec §2 /{product}/patientloginerror/{errorCode} (orderalreadycompleted, templock, unknownerror). */
    patientLoginError: (code: string) => `${base}/patientloginerror/${encodeURIComponent(code)}`,
    /** Spec §2 the patient's own test; children /completed and /error/{errorCode}. */
    selfAssessment: (patientId: number, assessmentId: number) =>
      `${base}/patient/selfassessment/${String(patientId)}/assessment/${String(assessmentId)}`,
    selfAssessmentCompleted: (patientId: number, assessmentId: number) =>
      `${base}/patient/selfassessment/${String(patientId)}/assessment/${String(assessmentId)}/completed`,
    selfAssessmentError: (patientId: number, assessmentId: number, code: string) =>
      `${base}/patient/selfassessment/${String(patientId)}/assessment/${String(assessmentId)}/error/${encodeURIComponent(code)}`,
    changePassword: `${base}/setupaccountchangepassword`,
    changeExpiredPassword: `${base}/setupaccountchangeexpiredpassword`,
    resetPassword: `${base}/setupaccountresetmypassword`,
    setupAccount: `${base}/setupaccount`,
  } as const;
}
export type AppPaths = ReturnType<typeof appPaths>;

/** Spec §6: the landing page of each role. */
export function roleHome(paths: AppPaths, role: Role): string {
  switch (role) {
    case 'clinician':
    case 'technician':
      return paths.patients;
    case 'patient':
      return paths.patientHome;
    case 'cops':
      return paths.cops;
  }
}

/**
 * Documents the build generates (build/documents/) on the static host, in the interface language where the
 * demo has that language's copy, else in en-US (`isFallback`: the screens then say the document is in English).
 */
export function documentPaths(staticHost: string, interfaceLanguage = 'en-US') {
  const host = staticHost.replace(/\/+$/, '');
  const { language, isFallback } = documentLanguageFor(interfaceLanguage, 'manual');
  const privacy = documentLanguageFor(interfaceLanguage, 'privacy');
  return {
    /** The user manuals' language (the privacy documents have more translations). */
    language,
    isFallback,
    /** Spec §2: each role gets its own user manual. */
    userManual: (role: Role) => `${host}/docs/manuals/${role}-${language}.pdf`,
    privacyLanguage: privacy.language,
    /** Spec §1: clinicians, technicians and patients each have their own privacy policy. */
    privacyPolicy: (role: 'clinician' | 'technician' | 'patient') =>
      `${host}/docs/privacy/${role}-${privacy.language}.pdf`,
    /**
     * Spec §2: the patient's privacy notice is chosen by language; a language without its own document gets the
     * fallback language's.
     */
    patientPrivacyNotice: (wanted: string) =>
      `${host}/docs/privacy/patient-${documentLanguageFor(wanted, 'privacy').language}.pdf`,
    licenses: `${host}/licenses.json`,
  } as const;
}
export type DocumentPaths = ReturnType<typeof documentPaths>;
