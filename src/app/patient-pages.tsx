import type { PatientProfile } from '#common/contract';
import {
  FollowUpOrders,
  OpenOrders,
  PatientOrdersSection,
  TodayInClinic,
  useMassOrderSelection,
} from '../features/orders';
import { useCapability } from '../shared/api/capabilities';
import { useEntitlement } from '../shared/auth/session-context';
import { PatientListPage, PatientProfilePage, type PatientListPageProps } from '../features/patients';
import { LatestResultSummary, ReportButton, ResultsOverTime, ResultsSummaryList } from '../features/reports';

/**
 * The patient pages with their orders, report and results (spec §2), composed here so that no feature imports
 * another: patients leaves places, and orders and reports fill them.
 */

const renderOpenOrders = (patient: PatientProfile) => <OpenOrders patient={patient} />;

/**
 * The patient lists with each card's open orders; the full list (the clinician's home) also offers mass ordering
 * and names the orders that need attention; the Orders tab starts with today's in-clinic tests and follows every
 * open order by its progress.
 */
const renderResultsList: NonNullable<PatientListPageProps['renderList']> = (list) => <ResultsSummaryList {...list} />;

function PatientListWithOrders({ kind }: Pick<PatientListPageProps, 'kind'>) {
  const massOrder = useMassOrderSelection();
  const followsOrders = useEntitlement('viewAssessmentOrder');
  // Issue 33: whoever may read results sees them on the Results tab; the others keep the plain list, as does
  // everyone when the API has no result summaries (issue 37).
  const readsResults = useEntitlement('viewReport') && kind === 'withResults';
  const resultsOffered = useCapability(readsResults ? 'results' : null).offered;
  const header =
    kind === 'all' && followsOrders ? (
      <FollowUpOrders mode="attention" />
    ) : kind === 'outstandingOrders' ? (
      <>
        {/* Issue 36: today's in-clinic tests first, kept on the tablet for a day without network. */}
        <TodayInClinic />
        <FollowUpOrders mode="browse" />
      </>
    ) : undefined;
  return (
    <PatientListPage
      kind={kind}
      renderOrders={renderOpenOrders}
      header={header}
      {...(kind === 'all' && massOrder ? { massOrder } : {})}
      {...(readsResults && resultsOffered ? { renderList: renderResultsList } : {})}
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
const renderResultsSummary = (patient: PatientProfile) => <LatestResultSummary patientId={patient.id} />;

/**
 * The patient's profile with their latest result at a glance (before the orders), their orders, the way to their
 * report and their results over time.
 */
export const PatientProfileWithOrdersPage = () => (
  <PatientProfilePage
    ordersSection={renderOrdersSection}
    reportAction={renderReportAction}
    resultsSection={renderResultsSection}
    resultsSummary={renderResultsSummary}
  />
);
