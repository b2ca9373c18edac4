import type { Db } from '../db/db';
import { codeExists, specialtyExists } from '../db/queries/profile-references';
import type { AddressWrite } from '#common/contract';
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
