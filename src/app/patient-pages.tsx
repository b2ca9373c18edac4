import type { PatientProfile } from '../shared/api/contract';
import { OpenOrders, PatientOrdersSection, useMassOrderSelection } from '../features/orders';
import { PatientListPage, PatientProfilePage, type PatientListPageProps } from '../features/patients';
import { ReportButton, ResultsOverTime } from '../features/reports';

/**
 * The patient pages with their orders, report and results (spec §2), composed here so that no feature imports
 * another: patients leaves places, and orders and reports fill them.
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
const renderReportAction = (patient: PatientProfile) => (
  <ReportButton patientId={patient.id} hasResults={patient.lastAssessmentOrderCompletionDate !== null} />
);
const renderResultsSection = (patient: PatientProfile) => <ResultsOverTime patientId={patient.id} />;

/** The patient's profile with their orders, the way to their report and their results over time. */
export const PatientProfileWithOrdersPage = () => (
  <PatientProfilePage
    ordersSection={renderOrdersSection}
    reportAction={renderReportAction}
    resultsSection={renderResultsSection}
  />
);
