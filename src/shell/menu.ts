import type { Role } from '#common/contract';
import type { AppPaths, DocumentPaths } from '../shared/lib/paths';

/** A page of the application, or a document that opens in a new tab (the user manual). */
export type MenuEntry =
  | { kind: 'route'; /** Translation key in the 'shell' namespace. */ labelKey: string; to: string }
  | { kind: 'document'; labelKey: string; href: string };

const route = (labelKey: string, to: string): MenuEntry => ({ kind: 'route', labelKey, to });

/**
 * Spec §2 top bar: clinician — My Profile, Patients, Results, Orders, Change Password, Logout; technician the
 * same without Results; patients have no top bar. The administrator manages provider services. Each role also
 * gets its own user manual (a PDF in a new tab), just before Logout.
 */
export function menuFor(role: Role, paths: AppPaths, documents: DocumentPaths): MenuEntry[] {
  // Every staff menu ends with the same three entries.
  const account: MenuEntry[] = [
    route('menu.changePassword', paths.changePassword),
    { kind: 'document', labelKey: 'menu.userManual', href: documents.userManual(role) },
    route('menu.logout', paths.logout),
  ];
  switch (role) {
    case 'clinician':
      return [
        route('menu.myProfile', paths.myProfile('clinician')),
        route('menu.patients', paths.patients),
        route('menu.results', paths.patientsResults),
        route('menu.orders', paths.patientsOrders),
        ...account,
      ];
    case 'technician':
      return [
        route('menu.myProfile', paths.myProfile('technician')),
        route('menu.patients', paths.patients),
        route('menu.orders', paths.patientsOrders),
        ...account,
      ];
    case 'cops':
      return [route('menu.providerServices', paths.cops), ...account];
    case 'patient':
      return [];
  }
}
