export {
  AddClinicianDialog,
  AddTechnicianDialog,
  ClinicianMyProfileEditDialog,
  ClinicianMyProfilePage,
  ClinicianProfilePage,
  CliniciansPage,
  EditClinicianDialog,
  EditTechnicianDialog,
  TechnicianMyProfileEditDialog,
  TechnicianMyProfilePage,
  TechnicianProfilePage,
  TechniciansPage,
} from './staff-pages';
