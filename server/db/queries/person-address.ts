/**
 * A person's postal address as patients and staff (users) both store it: the same columns on both tables, read with
 * the state's and country's names, written as codes. profiles/mapping.ts turns it into the contract's Address.
 */
export interface AddressValues {
  addressLine1: string;
  addressLine2: string;
  city: string;
  stateCode: string | null;
  postalCode: string;
  countryCode: string | null;
}

export interface AddressRow extends AddressValues {
  stateName: string | null;
  countryName: string | null;
}

/** The select list of AddressRow for a table alias (its states and countries joined by addressJoins). */
export function addressColumns(alias: string): string {
  return `
  coalesce(${alias}.address_line1, '') AS "addressLine1",
  coalesce(${alias}.address_line2, '') AS "addressLine2",
  coalesce(${alias}.city, '') AS city,
  ${alias}.state_code AS "stateCode",
  st.name AS "stateName",
  coalesce(${alias}.postal_code, '') AS "postalCode",
  ${alias}.country_code AS "countryCode",
  co.name AS "countryName"`;
}

export function addressJoins(alias: string): string {
  return `
  LEFT JOIN states st ON st.code = ${alias}.state_code
  LEFT JOIN countries co ON co.code = ${alias}.country_code`;
}

/** Empty optional text is stored as NULL and read back as ''. */
export const orNull = (value: string): string | null => (value === '' ? null : value);

/** Parameters in column order: address_line1, address_line2, city, state_code, postal_code, country_code. */
export function addressParams(values: AddressValues): unknown[] {
  return [
    orNull(values.addressLine1),
    orNull(values.addressLine2),
    orNull(values.city),
    values.stateCode,
    orNull(values.postalCode),
    values.countryCode,
  ];
}
