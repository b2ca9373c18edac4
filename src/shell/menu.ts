import type { Role } from '../shared/api/contract';
import type { AppPaths } from '../shared/lib/paths';

export interface MenuEntry {
  /** Translation key in the 'shell' namespace. */
  labelKey: string;
  to: string;
}

/**
 * Spec §2 top bar: clinician — My Profile, Patients, Results, Orders, Change Password, Logout; technician the
 * same without Results; patients have no top bar. The administrator manages provider services.
 */
export function menuFor(role: Role, paths: AppPaths): MenuEntry[] {
  const logout = { labelKey: 'menu.logout', to: paths.logout };
  const changePassword = { labelKey: 'menu.changePassword', to: paths.changePassword };
  switch (role) {
    case 'clinician':
      return [
        { labelKey: 'menu.myProfile', to: paths.myProfile('clinician') },
        { labelKey: 'menu.patients', to: paths.patients },
        { labelKey: 'menu.results', to: paths.patientsResults },
        { labelKey: 'menu.orders', to: paths.patientsOrders },
        changePassword,
        logout,
      ];
    case 'technician':
      return [
        { labelKey: 'menu.myProfile', to: paths.myProfile('technician') },
        { labelKey: 'menu.patients', to: paths.patients },
        { labelKey: 'menu.orders', to: paths.patientsOrders },
        changePassword,
        logout,
      ];
    case 'cops':
      return [{ labelKey: 'menu.providerServices', to: paths.cops }, changePassword, logout];
    case 'patient':
      return [];
  }
}
