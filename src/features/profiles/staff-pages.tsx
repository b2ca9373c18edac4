import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { recordIdParamSchema, type StaffProfileType } from '#common/contract';
import { useHttp } from '../../shared/api/http-context';
import { Forbidden } from '../../shared/auth/guards';
import { useEntitlement, useSession } from '../../shared/auth/session-context';
import { usePaths } from '../../shared/lib/runtime-config';
import { DetailsList, type Detail } from '../../shared/ui/details-list';
import type { GeneralListColumn } from '../../shared/ui/general-list';
import { Page } from '../../shared/ui/page';
import { RouteDialog } from '../../shared/ui/route-dialog';
import { staffQueries, useStaffListSource, type StaffProfile } from './api';
import {
  DeactivatedBadge,
  DeactivatedMark,
  entitlementFor,
  formatAddress,
  PersonList,
  ProfileActions,
  ProfileLoadError,
  ProfileLoading,
  providerServiceName,
  ReactivateFirst,
} from '../../shared/person';
import { StaffForm, type StaffFormMode } from './staff-form';
import { WriteLink } from '../../shared/ui/offline';

function specialtyOf(profile: StaffProfile): string {
  return 'specialty' in profile ? (profile.specialty?.name ?? '') : '';
}

function servicesOf(profile: StaffProfile): string {
  return profile.providerServices.map((service) => providerServiceName(service)).join(', ');
}

/** Spec §2: the clinician or technician list (list, card or grid), with Add for whoever may add. */
function StaffListPage({ type }: { type: StaffProfileType }) {
  const { t } = useTranslation('profiles');
  const paths = usePaths();
  const source = useStaffListSource(type);
  const canAdd = useEntitlement(entitlementFor('add', type));
  const nameLink = (profile: StaffProfile, size: 'sm' | 'md' = 'md') => (
    <Anchor component={Link} to={paths.profile(type, profile.id)} fw={600} size={size}>
      {profile.name}
    </Anchor>
  );
  const columns: GeneralListColumn<StaffProfile>[] = [
    {
      accessor: 'name',
      title: t('fields.name'),
      sortable: true,
      render: (profile) => (
        <Group gap="xs" wrap="nowrap">
          {nameLink(profile, 'sm')}
          {profile.isDisabled && <DeactivatedBadge />}
        </Group>
      ),
    },
    { accessor: 'email', title: t('fields.email'), sortable: true, render: (profile) => profile.email },
    { accessor: 'phone', title: t('fields.phone'), sortable: true, render: (profile) => profile.phone },
    ...(type === 'clinician'
      ? [{ accessor: 'specialty', title: t('fields.specialty'), sortable: true, render: specialtyOf }]
      : []),
    { accessor: 'providerServices', title: t('fields.providerService'), render: servicesOf },
  ];
  const details = (profile: StaffProfile) =>
    [profile.email, profile.phone, specialtyOf(profile)].filter((part) => part !== '').join(' · ');
  return (
    <Page title={t(`${type}sTitle`)}>
      {canAdd && (
        <Group>
          <WriteLink to={paths.profileAdd(type)}>{t(`add.${type}`)}</WriteLink>
        </Group>
      )}
      <PersonList<StaffProfile>
        listId={`${type}s`}
        label={t(`${type}sTitle`)}
        source={source}
        columns={columns}
        defaultMode="list"
        errorMessage={t(type === 'clinician' ? 'ERROR_LOADING_CLINICIANS' : 'ERROR_LOADING_TECHNICIANS')}
        renderItem={(profile) => (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              {nameLink(profile)}
              {profile.isDisabled && <DeactivatedBadge />}
            </Group>
            <Text size="sm" c="gray.7">
              {details(profile)}
            </Text>
          </Group>
        )}
        renderCard={(profile) => (
          <Stack gap={2}>
            <Group gap="xs">
              {nameLink(profile)}
              {profile.isDisabled && <DeactivatedBadge />}
            </Group>
            <Text size="sm">{profile.email}</Text>
            {profile.phone && <Text size="sm">{profile.phone}</Text>}
            {type === 'clinician' && <Text size="sm">{specialtyOf(profile)}</Text>}
            <Text size="sm" c="gray.7">
              {servicesOf(profile)}
            </Text>
          </Stack>
        )}
      />
      <Outlet />
    </Page>
  );
}

export const CliniciansPage = () => <StaffListPage type="clinician" />;
export const TechniciansPage = () => <StaffListPage type="technician" />;

function StaffDetails({ type, profile }: { type: StaffProfileType; profile: StaffProfile }) {
  const { t } = useTranslation('profiles');
  const details: Detail[] = [
    { label: t('fields.email'), value: profile.email },
    { label: t('fields.phone'), value: profile.phone },
    { label: t('fields.address'), value: formatAddress(profile.address) },
    { label: t('fields.providerService'), value: servicesOf(profile) },
    ...(type === 'clinician' && 'medicalLicenseNumber' in profile
      ? [
          { label: t('fields.specialty'), value: specialtyOf(profile) },
          { label: t('fields.medicalLicenseNumber'), value: profile.medicalLicenseNumber },
        ]
      : []),
    {
      label: t('fields.accountSetup'),
      value: profile.firstTimeAccountSetupComplete ? t('setupComplete') : t('setupPending'),
    },
  ];
  return <DetailsList details={details} />;
}

function StaffProfileView({ type, id, own }: { type: StaffProfileType; id: number; own: boolean }) {
  const { t } = useTranslation('profiles');
  const http = useHttp();
  const paths = usePaths();
  const query = useQuery(staffQueries.detail(http, type, id));
  if (query.isPending) return <ProfileLoading />;
  if (query.data === undefined) {
    return (
      <Page title={t(own ? 'myProfileTitle' : `${type}Title`)}>
        <ProfileLoadError error={query.error} />
      </Page>
    );
  }
  const profile = query.data;
  return (
    <Page title={own ? t('myProfileTitle') : profile.name}>
      {own && (
        <Text fw={600} size="lg">
          {profile.name}
        </Text>
      )}
      {profile.isDisabled && <DeactivatedMark />}
      <ProfileActions
        type={type}
        profile={profile}
        isOwn={own}
        editPath={own ? paths.myProfileEdit(type, profile.id) : paths.profileEdit(type, profile.id)}
        refreshKey={staffQueries.all(type)}
      />
      <StaffDetails type={type} profile={profile} />
      <Outlet />
    </Page>
  );
}

function useIdParam(name: string): number | null {
  return recordIdParamSchema.safeParse(useParams()[name]).data ?? null;
}

function StaffProfilePage({ type }: { type: StaffProfileType }) {
  const id = useIdParam(`${type}Id`);
  const { t } = useTranslation('profiles');
  if (id === null) {
    return (
      <Page title={t(`${type}Title`)}>
        <ProfileLoadError error={null} />
      </Page>
    );
  }
  return <StaffProfileView key={id} type={type} id={id} own={false} />;
}

export const ClinicianProfilePage = () => <StaffProfilePage type="clinician" />;
export const TechnicianProfilePage = () => <StaffProfilePage type="technician" />;

/**
 * Spec §2/§6 my profile: works only when the profile type equals the user's role (the route guard says so too);
 * the profile is loaded by the user's database id.
 */
function MyProfilePage({ type }: { type: StaffProfileType }) {
  const session = useSession();
  if (session.userRole !== type || session.userDatabaseId === null) return <Forbidden />;
  return <StaffProfileView type={type} id={session.userDatabaseId} own />;
}

export const ClinicianMyProfilePage = () => <MyProfilePage type="clinician" />;
export const TechnicianMyProfilePage = () => <MyProfilePage type="technician" />;

/** The dialog of spec §2, titled 'Add {usertype}' or 'Edit {usertype}'. */
function StaffDialog({
  type,
  mode,
  id,
  onClose,
  onSaved,
}: {
  type: StaffProfileType;
  mode: StaffFormMode;
  id: number | null;
  onClose: () => void;
  onSaved: (profile: StaffProfile) => void;
}) {
  const { t } = useTranslation('profiles');
  const http = useHttp();
  const query = useQuery({ ...staffQueries.detail(http, type, id ?? 0), enabled: id !== null });
  const title = t(mode === 'add' ? `add.${type}` : `edit.${type}`);
  let body;
  if (mode === 'add') body = <StaffForm type={type} mode="add" profile={null} onSaved={onSaved} onCancel={onClose} />;
  else if (query.isPending) body = <ProfileLoading />;
  else if (query.data === undefined) body = <ProfileLoadError error={query.error} />;
  else if (query.data.isDisabled) body = <ReactivateFirst />;
  else body = <StaffForm type={type} mode={mode} profile={query.data} onSaved={onSaved} onCancel={onClose} />;
  return (
    <RouteDialog title={title} onClose={onClose}>
      {body}
    </RouteDialog>
  );
}

function AddStaffDialog({ type }: { type: StaffProfileType }) {
  const paths = usePaths();
  const navigate = useNavigate();
  return (
    <StaffDialog
      type={type}
      mode="add"
      id={null}
      onClose={() => void navigate(paths.profileList(type))}
      onSaved={(profile) => void navigate(paths.profile(type, profile.id))}
    />
  );
}

export const AddClinicianDialog = () => <AddStaffDialog type="clinician" />;
export const AddTechnicianDialog = () => <AddStaffDialog type="technician" />;

function EditStaffDialog({ type }: { type: StaffProfileType }) {
  const paths = usePaths();
  const navigate = useNavigate();
  const id = useIdParam(`${type}Id`);
  if (id === null) return null;
  const back = () => void navigate(paths.profile(type, id));
  return <StaffDialog type={type} mode="edit" id={id} onClose={back} onSaved={back} />;
}

export const EditClinicianDialog = () => <EditStaffDialog type="clinician" />;
export const EditTechnicianDialog = () => <EditStaffDialog type="technician" />;

/** Spec §2: the my-profile edit dialog returns to the my-profile page when done; only for one's own id. */
function MyProfileEditDialog({ type }: { type: StaffProfileType }) {
  const paths = usePaths();
  const navigate = useNavigate();
  const session = useSession();
  const id = useIdParam(`${type}Id`);
  if (session.userRole !== type || id === null || id !== session.userDatabaseId) return <Forbidden />;
  const back = () => void navigate(paths.myProfile(type));
  return <StaffDialog type={type} mode="my" id={id} onClose={back} onSaved={back} />;
}

export const ClinicianMyProfileEditDialog = () => <MyProfileEditDialog type="clinician" />;
export const TechnicianMyProfileEditDialog = () => <MyProfileEditDialog type="technician" />;
