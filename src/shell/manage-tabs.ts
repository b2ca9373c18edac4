import type { Entitlement, Role } from '#common/contract';
import type { AppPaths } from '../shared/lib/paths';

export interface ManageTab {
  /** Translation key in the 'shell' namespace. */
  labelKey: string;
  to: string;
  /** Paths (besides `to`) whose pages belong to this tab, e.g. a patient profile under Patients. */
  alsoActiveFor: readonly string[];
}

/**
 * Spec §2 Manage tabs: Provider Services (cops only), Patients, Results (not for technicians), Orders, Technicians,
 * Clinicians, Profile; shown per entitlement listPatients, listTechnicians, listClinicians. Profile is the own
 * profile of clinicians and technicians (cops have none). Beyond the spec, cops also get the Audit trail (issue 35).
 */
export function manageTabsFor(
  session: { userRole: Role | null; entitlements: readonly Entitlement[] },
  paths: AppPaths,
  /** Whether the API offers the audit trail (issue 37: a production API may not). */
  auditOffered = true,
  /** Whether the API offers FHIR backend clients (issue 38: a production API does not). */
  fhirClientsOffered = false,
): ManageTab[] {
  const { userRole: role, entitlements } = session;
  const has = (entitlement: Entitlement) => entitlements.includes(entitlement);
  const tabs: ManageTab[] = [];
  if (role === 'cops') tabs.push({ labelKey: 'tabs.providerServices', to: paths.cops, alsoActiveFor: [] });
  if (has('listPatients')) {
    tabs.push({
      labelKey: 'tabs.patients',
      to: paths.patients,
      alsoActiveFor: [`${paths.manage}/patient`],
    });
    if (role !== 'technician') tabs.push({ labelKey: 'tabs.results', to: paths.patientsResults, alsoActiveFor: [] });
    tabs.push({ labelKey: 'tabs.orders', to: paths.patientsOrders, alsoActiveFor: [] });
  }
  if (has('listTechnicians')) {
    tabs.push({ labelKey: 'tabs.technicians', to: paths.technicians, alsoActiveFor: [`${paths.manage}/technician`] });
  }
  if (has('listClinicians')) {
    tabs.push({ labelKey: 'tabs.clinicians', to: paths.clinicians, alsoActiveFor: [`${paths.manage}/clinician`] });
  }
  // Issue 35: the audit trail is the administrators' alone (the server refuses everyone else).
  if (role === 'cops' && auditOffered) tabs.push({ labelKey: 'tabs.audit', to: paths.audit, alsoActiveFor: [] });
  // Issue 38: so are the systems that read a provider service's data through the FHIR API.
  if (role === 'cops' && fhirClientsOffered) {
    tabs.push({ labelKey: 'tabs.fhirClients', to: paths.fhirClients, alsoActiveFor: [] });
  }
  if (role === 'clinician' || role === 'technician') {
    tabs.push({ labelKey: 'tabs.profile', to: paths.myProfile(role), alsoActiveFor: [] });
  }
  return tabs;
}

/** A tab is current on its own path and below it, segment by segment ('/patients' is not '/patientsresults'). */
export function isTabActive(tab: ManageTab, pathname: string): boolean {
  return [tab.to, ...tab.alsoActiveFor].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
