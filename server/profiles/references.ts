import type { Db } from '../db/db';
import { loadProfileProviderServices } from '../db/queries/profile-provider-services';
import {
  codeExists,
  listCountries,
  listSpecialties,
  listStates,
  specialtyExists,
} from '../db/queries/profile-references';
import type { AddressWrite, ProfileReferences } from '#common/contract';
import { validationMessages } from '#common/validation/messages';
import { fieldError } from './scope';

/** The codes a form sends must name rows that exist; a stale or forged one is a 400 on its field, not a 500. */
export async function checkAddressCodes(db: Db, address: AddressWrite): Promise<void> {
  if (address.state && !(await codeExists(db, 'states', address.state.code))) {
    throw fieldError('address.state', validationMessages.invalid);
  }
  if (address.country && !(await codeExists(db, 'countries', address.country.code))) {
    throw fieldError('address.country', validationMessages.invalid);
  }
}

export async function checkSpecialty(db: Db, specialtyId: number | null): Promise<void> {
  if (specialtyId !== null && !(await specialtyExists(db, specialtyId))) {
    throw fieldError('specialty', validationMessages.invalid);
  }
}

/** What the profile forms choose from: specialties, states, countries and the caller's provider services. */
export async function readProfileReferences(
  db: Db,
  providerServiceIds: readonly number[] | null,
): Promise<ProfileReferences> {
  const [specialties, states, countries, services] = await Promise.all([
    listSpecialties(db),
    listStates(db),
    listCountries(db),
    loadProfileProviderServices(db, providerServiceIds),
  ]);
  return { specialties, states, countries, providerServices: [...services.values()] };
}
