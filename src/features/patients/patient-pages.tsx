// Over 300 lines because the patient pages of spec §2 (list, profile, add and edit) share their loading, error and
// deactivated states; the pieces other features supply are composed in app/.
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import type { PatientProfile } from '#common/contract';
import { useEntitlement } from '../../shared/auth/session-context';
import { useFormatters } from '../../shared/lib/i18n/format';
import { usePaths } from '../../shared/lib/runtime-config';
import { DetailsList } from '../../shared/ui/details-list';
import { type GeneralListColumn, type GeneralListSelection } from '../../shared/ui/general-list';
import { Page } from '../../shared/ui/page';
import { RouteDialog } from '../../shared/ui/route-dialog';
import {
  DeactivatedBadge,
  DeactivatedMark,
  formatAddress,
  PersonList,
  ProfileActions,
  ProfileLoadError,
  ProfileLoading,
  providerServiceName,
  ReactivateFirst,
  useRoutedPatient,
} from '../../shared/person';
import { patientQueries, usePatientListSource, type PatientListKind } from '../../shared/api/patient-queries';
import { EhrDownload } from './ehr-download';
import { PatientForm } from './patient-form';
import { WriteLink } from '../../shared/ui/offline';
import { offeredLanguageName } from '#common/languages';

function usePatientColumns(kind: PatientListKind): GeneralListColumn<PatientProfile>[] {
  const { t } = useTranslation('patients');
  // Spec §1 dates, in the interface language's order (en-US 'MMM dd, yyyy').
  const { formatDate: showDate } = useFormatters();
  const name = usePatientName();
  const columns: GeneralListColumn<PatientProfile>[] = [
    { accessor: 'name', title: t('fields.name'), sortable: true, render: (patient) => name(patient, 'sm') },
    {
      accessor: 'dateOfBirth',
      title: t('fields.dateOfBirth'),
      sortable: true,
      render: (patient) => showDate(patient.dateOfBirth),
    },
    {
      accessor: 'gender',
      title: t('fields.gender'),
      sortable: true,
      render: (patient) => t(`gender.${patient.gender.id}`),
    },
    { accessor: 'email', title: t('fields.email'), sortable: true, render: (patient) => patient.email },
    {
      accessor: 'openOrdersCount',
      title: t('fields.openOrders'),
      sortable: true,
      render: (patient) => String(patient.openOrdersCount),
    },
    {
      accessor: 'lastAssessmentOrderCompletionDate',
      title: t('fields.lastResult'),
      sortable: true,
      render: (patient) => <LastResult patient={patient} />,
    },
  ];
  if (kind === 'outstandingOrders') {
    columns.push({
      accessor: 'lastAssessmentOpenOrderDate',
      title: t('fields.lastOpenOrder'),
      render: (patient) => showDate(patient.lastAssessmentOpenOrderDate),
    });
  }
  return columns;
}

function usePatientName(): (patient: PatientProfile, size?: 'sm' | 'md') => ReactNode {
  const paths = usePaths();
  return function PatientName(patient, size = 'md') {
    return (
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={paths.profile('patient', patient.id)} fw={600} size={size}>
          {patient.name}
        </Anchor>
        {patient.isDisabled && <DeactivatedBadge />}
      </Group>
    );
  };
}

/**
 * The date of the last result opens the patient's report for whoever may view reports; technicians see only the
 * date (spec §6: the last-order link is disabled for them).
 */
function LastResult({ patient }: { patient: PatientProfile }) {
  const { t } = useTranslation('patients');
  const paths = usePaths();
  const canViewReport = useEntitlement('viewReport');
  const { formatDate } = useFormatters();
  const date = formatDate(patient.lastAssessmentOrderCompletionDate);
  if (date === '') return null;
  if (!canViewReport) return <>{date}</>;
  return (
    <Anchor
      component={Link}
      to={paths.patientReport(patient.id)}
      size="sm"
      // Inside a line of text a link must not rely on colour alone (WCAG 1.4.1).
      underline="always"
      aria-label={t('lastResultLink', { date, name: patient.name })}
    >
      {date}
    </Anchor>
  );
}

// `as const satisfies`: the keys keep their literal types, so the translation check can see them.
const listTitles = {
  all: 'patientsTitle',
  withResults: 'resultsTitle',
  outstandingOrders: 'ordersTitle',
} as const satisfies Readonly<Record<PatientListKind, string>>;
const listErrors = {
  all: 'ERROR_LOADING_PATIENTS',
  withResults: 'ERROR_LOADING_PATIENTS_WITH_RESULTS',
  outstandingOrders: 'ERROR_LOADING_PATIENTS',
} as const satisfies Readonly<Record<PatientListKind, string>>;

export interface PatientListPageProps {
  kind: PatientListKind;
  /**
   * The mass-order action (spec §2: only where the list permits it); when given, rows can be selected. The
   * ordering feature supplies it.
   */
  massOrder?: GeneralListSelection<PatientProfile>;
  /** The patient's open orders on their card (spec §2); the ordering feature supplies it. */
  renderOrders?: (patient: PatientProfile) => ReactNode;
  /** What comes before the list, e.g. the orders that need attention; the ordering feature supplies it. */
  header?: ReactNode;
  /**
   * The list itself in place of the general list, e.g. the Results tab with each patient's scores; the reports
   * feature supplies it. Given the list's title and its load-failure message.
   */
  renderList?: (list: { label: string; errorMessage: string }) => ReactNode;
}

/** Spec §2: the patient lists (home of clinicians and technicians), in card mode unless the person chose another. */
export function PatientListPage({ kind, massOrder, renderOrders, header, renderList }: PatientListPageProps) {
  const { t } = useTranslation('patients');
  // Spec §1 dates, in the interface language's order (en-US 'MMM dd, yyyy').
  const { formatDate: showDate } = useFormatters();
  const paths = usePaths();
  const source = usePatientListSource(kind);
  const canAdd = useEntitlement('addPatient');
  const columns = usePatientColumns(kind);
  const name = usePatientName();
  const title = t(listTitles[kind]);
  const facts = (patient: PatientProfile) =>
    [
      `${t('fields.born')} ${showDate(patient.dateOfBirth)}`,
      t(`gender.${patient.gender.id}`),
      patient.openOrdersCount > 0 ? t('openOrdersCount', { count: patient.openOrdersCount }) : '',
    ]
      .filter((part) => part !== '')
      .join(' · ');
  return (
    <Page title={title}>
      {kind === 'all' && canAdd && (
        <Group>
          <WriteLink to={paths.patientsAdd}>{t('addPatient')}</WriteLink>
        </Group>
      )}
      {header}
      {renderList ? (
        renderList({ label: title, errorMessage: t(listErrors[kind]) })
      ) : (
        <PersonList<PatientProfile>
          listId={kind === 'all' ? 'patients' : `patients.${kind}`}
          label={title}
          source={source}
          columns={columns}
          defaultMode="card"
          errorMessage={t(listErrors[kind])}
          {...(massOrder ? { selection: massOrder } : {})}
          renderItem={(patient) => (
            <Group justify="space-between" wrap="wrap" gap="xs">
              {name(patient)}
              <Text size="sm" c="gray.7">
                {facts(patient)}
                {patient.lastAssessmentOrderCompletionDate && (
                  <>
                    {` · ${t('fields.lastResult')} `}
                    <LastResult patient={patient} />
                  </>
                )}
              </Text>
            </Group>
          )}
          renderCard={(patient) => (
            <Stack gap={2}>
              {name(patient)}
              <Text size="sm">
                {t('fields.born')} {showDate(patient.dateOfBirth)} ({t('age', { count: patient.age })}),{' '}
                {t(`gender.${patient.gender.id}`)}
              </Text>
              {patient.email && <Text size="sm">{patient.email}</Text>}
              {patient.phone && <Text size="sm">{patient.phone}</Text>}
              <Text size="sm" c="gray.7">
                {t('openOrdersCount', { count: patient.openOrdersCount })}
                {patient.lastAssessmentOrderCompletionDate && (
                  <>
                    {` · ${t('fields.lastResult')} `}
                    <LastResult patient={patient} />
                  </>
                )}
              </Text>
              {renderOrders?.(patient)}
            </Stack>
          )}
        />
      )}
      <Outlet />
    </Page>
  );
}

// The routed list and profile pages are composed by the ordering feature, which adds its slots (open orders on the
// cards, mass ordering, the assessments table); these pieces stay free of ordering code.

export interface PatientProfilePageProps {
  /** The patient's orders (spec §2 Assessments table); the ordering feature supplies it. */
  ordersSection?: (patient: PatientProfile) => ReactNode;
  /** The way to the patient's report (spec §6 viewReport); the reports feature supplies it. */
  reportAction?: (patient: PatientProfile) => ReactNode;
  /** The patient's results over time; the reports feature supplies it. */
  resultsSection?: (patient: PatientProfile) => ReactNode;
  /** The latest result at a glance, before the orders (issue 33); the reports feature supplies it. */
  resultsSummary?: (patient: PatientProfile) => ReactNode;
}

/**
 * Spec §2 patient profile. The orders, the report and the results belong to other features: the app layer fills
 * their places, so this feature imports none of them.
 */
export function PatientProfilePage({
  ordersSection,
  reportAction,
  resultsSection,
  resultsSummary,
}: PatientProfilePageProps = {}) {
  const { t, i18n } = useTranslation('patients');
  // Spec §1 dates, in the interface language's order (en-US 'MMM dd, yyyy').
  const { formatDate: showDate } = useFormatters();
  const paths = usePaths();
  const { id, query } = useRoutedPatient();
  if (id !== null && query.isPending) return <ProfileLoading />;
  // A saved copy stays on screen when a later fetch fails (offline, issue 36).
  if (id === null || (query.isError && query.data === undefined)) {
    return (
      <Page title={t('patientTitle')}>
        <ProfileLoadError error={query.error} />
      </Page>
    );
  }
  const patient = query.data;
  if (!patient) return <ProfileLoading />;
  const service = patient.providerServices[0];
  const offered = service?.supportedAssessmentLanguages.find((entry) => entry.localityId === patient.defaultLanguage);
  const language = offered ? offeredLanguageName(offered, i18n.language) : patient.defaultLanguage;
  return (
    <Page title={patient.name}>
      {patient.isDisabled && <DeactivatedMark />}
      <ProfileActions
        type="patient"
        profile={patient}
        editPath={paths.profileEdit('patient', patient.id)}
        refreshKey={patientQueries.all()}
      />
      {resultsSummary?.(patient)}
      <DetailsList
        details={[
          { label: t('fields.dateOfBirth'), value: showDate(patient.dateOfBirth) },
          { label: t('fields.ageLabel'), value: String(patient.age) },
          { label: t('fields.gender'), value: t(`gender.${patient.gender.id}`) },
          { label: t('fields.defaultLanguage'), value: language },
          { label: t('fields.email'), value: patient.email },
          { label: t('fields.phone'), value: patient.phone },
          { label: t('fields.address'), value: formatAddress(patient.address) },
          { label: t('fields.providerService'), value: service ? providerServiceName(service) : '' },
        ]}
      />
      <section aria-labelledby="assessment-orders-title" id="assessment-orders">
        <Title order={2} size="h3" id="assessment-orders-title" mb="xs">
          {t('ordersSection')}
        </Title>
        <DetailsList
          details={[
            { label: t('fields.openOrders'), value: String(patient.openOrdersCount) },
            { label: t('fields.lastOpenOrder'), value: showDate(patient.lastAssessmentOpenOrderDate) },
            { label: t('fields.lastResult'), value: showDate(patient.lastAssessmentOrderCompletionDate) },
          ]}
        />
        {/* Spec §6: with viewReport the report opens from here; without it only the date above is shown. */}
        {reportAction?.(patient)}
        {ordersSection?.(patient)}
      </section>
      {resultsSection?.(patient)}
      <EhrDownload patientId={patient.id} />
      <Outlet />
    </Page>
  );
}

/** Spec §2 /patients/add: the dialog over the patient list; saved, it opens the new patient's profile. */
export function AddPatientDialog() {
  const { t } = useTranslation('patients');
  const paths = usePaths();
  const navigate = useNavigate();
  return (
    <RouteDialog title={t('addPatient')} onClose={() => void navigate(paths.patients)}>
      <PatientForm
        mode="add"
        patient={null}
        onSaved={(patient) => void navigate(paths.profile('patient', patient.id))}
        onCancel={() => void navigate(paths.patients)}
      />
    </RouteDialog>
  );
}

/** Spec §2 /patient/{id}/edit; a deactivated patient shows 'reactivate first' instead of the form. */
export function EditPatientDialog() {
  const { t } = useTranslation('patients');
  const paths = usePaths();
  const navigate = useNavigate();
  const { id, query } = useRoutedPatient();
  if (id === null) return null;
  const back = () => void navigate(paths.profile('patient', id));
  let body;
  if (query.isPending) body = <ProfileLoading />;
  else if (query.data === undefined) body = <ProfileLoadError error={query.error} />;
  else if (query.data.isDisabled) body = <ReactivateFirst />;
  else body = <PatientForm mode="edit" patient={query.data} onSaved={back} onCancel={back} />;
  return (
    <RouteDialog title={t('editPatient')} onClose={back}>
      {body}
    </RouteDialog>
  );
}
