import type { PatientProfile } from '../shared/api/contract';
import { OpenOrders, PatientOrdersSection, useMassOrderSelection } from '../features/orders';
import { PatientListPage, PatientProfilePage, type PatientListPageProps } from '../features/patients';

/**
 * The patient pages with their orders (spec §2), composed here so that neither feature imports the other: patients
 * leaves a place for orders, and orders fills it.
 */

const renderOpenOrders = (patient: PatientProfile) => <OpenOrders patient={patient} />;

/** The patient lists with each card's open orders; the full list also offers mass ordering. */
function PatientListWithOrders({ kind }: Pick<PatientListPageProps, 'kind'>) {
  const massOrder = useMassOrderSelection();
  return (
    <PatientListPage
      kind={kind}
      renderOrders={renderOpenOrders}
      {...(kind === 'all' && massOrder ? { massOrder } : {})}
    />
  );
}

export const PatientsPage = () => <PatientListWithOrders kind="all" />;
export const PatientsResultsPage = () => <PatientListWithOrders kind="withResults" />;
export const PatientsOrdersPage = () => <PatientListWithOrders kind="outstandingOrders" />;

const renderOrdersSection = (patient: PatientProfile) => <PatientOrdersSection patient={patient} />;

export const PatientProfileWithOrdersPage = () => <PatientProfilePage ordersSection={renderOrdersSection} />;
