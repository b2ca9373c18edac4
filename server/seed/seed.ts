import type { LoginRole } from '#common/contract';
import { seededRandom } from '#common/scoring/simulate';
import { hashPassword } from '../auth/passwords';
import { hashToken } from '../db/tokens';
import { seedDemoResults } from '../runner/demo-results';
import { seedOrderEvents } from './seed-order-events';
import type { Db } from '../db/db';
import { insertPatient, setPatientDisabled } from '../db/queries/patients';

// Over 300 lines because DESIGN §5's demo data (accounts, provider services, named patients with their orders) is
// written out here in full: end-to-end tests and the demo rely on every one of these rows.

/** DESIGN §5: the demo data every fresh start gets; end-to-end tests rely on all of it. */
export const demoPassword = 'Demo-Passw0rd!';

export const demoAccounts = {
  admin: 'admin@demo.test',
  clinician: 'clinician@demo.test',
  technician: 'technician@demo.test',
  clinician2: 'clinician2@demo.test',
} as const;

export const demoProviderServiceNames = {
  northside: { provider: 'Northside Memory Clinic', service: 'Neurology' },
  lakeside: { provider: 'Lakeside Primary Care', service: 'Geriatrics' },
} as const;

export const demoPatientTokens = { rosaHome: 'DEMO-HOME-0001', rosaDone: 'DEMO-DONE-0001' } as const;

/**
 * A fixed seed keeps the demo the same on every fresh start (same people, same histories); its dates are counted
 * back from the moment the database is created, so a new clinic shows recent results and orders due this week and
 * next instead of a history that ended long ago.
 */
const prngSeed = 20_250_602;
const dayMs = 86_400_000;
/** How long the demo gives a patient to take an ordered test: its open orders fall due this week and next. */
const homeTestWindowMs = 14 * dayMs;

/** The demo's "now": the minute the database was created; every demo date is counted from it. */
export function demoAnchor(createdAt: Date): number {
  return Math.floor(createdAt.getTime() / 60_000) * 60_000;
}

type Prng = () => number;
const pick = <T>(random: Prng, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};
const intBetween = (random: Prng, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const isoTime = (ms: number): string => new Date(ms).toISOString();

/** Name pools for generated patients (written as one string to keep this file short). */
const femaleNames: readonly string[] = (
  'Margaret Dorothy Helen Patricia Linda Barbara Carol Judith Sharon Joan Elena Lucia Carmen ' +
  'Gloria Irene Frances Ruth Marilyn Beverly Diane Yvonne Mei Aiko Priya Fatima Ingrid Colleen ' +
  'Bernadette Lorraine Teresa'
).split(' ');
const maleNames: readonly string[] = (
  'Robert James William Richard Thomas Charles Donald George Kenneth Edward Raymond Gerald Frank ' +
  'Harold Walter Arthur Eugene Ernesto Luis Manuel Hiroshi Rajesh Samuel Leonard Howard Stanley ' +
  'Vincent Curtis Dennis Alvin'
).split(' ');
const lastNames: readonly string[] = (
  'Abernathy Bellweather Castellano Delacroix Eastwood Fairbanks Galloway Hargrove Ingleby ' +
  'Jorgensen Kowalczyk Lindqvist Montoya Nakamura Okonkwo Pellegrino Quintero Rasmussen Sandoval ' +
  'Thornbury Underhill Valdivia Whitcombe Yamashita Zabrowski Ashdown Brightwater Cordova Dunmore ' +
  'Everly Fenwick Greenhalgh Holloway Ibarra Kessler Larkspur Merriweather Northcott Oyelaran ' +
  'Prescott'
).split(' ');
const streets: readonly string[] =
  'Maple Ave, Lakeview Dr, Oak St, Cedar Ln, Harbor Rd, Elm Ct, Birch Way, Pine St'.split(', ');

interface SitePlace {
  city: string;
  state: string;
  postalPrefix: string;
  areaCode: string;
}
const northsidePlace: SitePlace = { city: 'Evanston', state: 'IL', postalPrefix: '602', areaCode: '847' };
const lakesidePlace: SitePlace = { city: 'Kenosha', state: 'WI', postalPrefix: '531', areaCode: '262' };

interface DemoPatient {
  firstName: string;
  middleInitial: string | null;
  lastName: string;
  dateOfBirth: string;
  gender: 'M' | 'F';
  email: string | null;
  phone: string;
  addressLine1: string;
  city: string;
  stateCode: string;
  postalCode: string;
  defaultLanguage: 'en-US' | 'es-US';
  isDisabled: boolean;
}

interface DemoOrder {
  orderType: 'HOME' | 'SITE';
  batteryCode: 'FullCBB' | 'MemOnlyCBB';
  email: string | null;
  status: 'SCHD' | 'FINI';
  orderDate: string;
  scheduleDateTime: string;
  completedDateTime: string | null;
  prescriberUserId: number | null;
  orderedByUserId: number;
  lastStartedLanguage: string | null;
  patientLoginToken: string | null;
}

/** A demo patient, stored through the same insert as a patient added on the patient form. */
async function insertDemoPatient(db: Db, providerServiceId: number, patient: DemoPatient): Promise<number> {
  const id = await insertPatient(db, {
    ...patient,
    providerServiceId,
    middleInitial: patient.middleInitial ?? '',
    email: patient.email ?? '',
    addressLine2: '',
    countryCode: 'US',
  });
  if (patient.isDisabled) await setPatientDisabled(db, id, true);
  return id;
}

async function insertOrder(db: Db, patientId: number, providerServiceId: number, order: DemoOrder): Promise<void> {
  await db.query(
    `INSERT INTO assessment_orders (patient_id, provider_service_id, order_type, battery_code, email, status,
       order_date, schedule_date_time, completed_date_time, prescriber_user_id, ordered_by_user_id,
       last_started_language, patient_login_token_hash, patient_login_token_hint, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8, $9::timestamptz, $10, $11, $12, $13, $14,
       $7::timestamptz, COALESCE($9::timestamptz, $7::timestamptz))`,
    [
      patientId,
      providerServiceId,
      order.orderType,
      order.batteryCode,
      order.email,
      order.status,
      order.orderDate,
      order.scheduleDateTime,
      order.completedDateTime,
      order.prescriberUserId,
      order.orderedByUserId,
      order.lastStartedLanguage,
      order.patientLoginToken ? hashToken(order.patientLoginToken) : null,
      // A short hint lets staff tell orders apart without the server ever storing the token itself.
      order.patientLoginToken ? `…${order.patientLoginToken.slice(-4)}` : null,
    ],
  );
}

interface ProviderServiceSetup {
  provider: string;
  service: string;
  reportTypeId: number;
  deliveryMethod: 'HOME' | 'SITE' | 'BOTH';
  orderTypes: readonly { id: 'HOME' | 'SITE'; isDefault: boolean }[];
  languages: readonly { id: 'en-US' | 'es-US'; isDefault: boolean }[];
  batteries: readonly { code: 'FullCBB' | 'MemOnlyCBB'; isDefault: boolean }[];
}

/** A provider service with its provider, service, order types, languages and batteries (demo and bench data). */
export async function insertProviderService(db: Db, setup: ProviderServiceSetup): Promise<number> {
  const [provider] = await db.query<{ id: number }>('INSERT INTO providers (name) VALUES ($1) RETURNING id', [
    setup.provider,
  ]);
  const [service] = await db.query<{ id: number }>('INSERT INTO services (name) VALUES ($1) RETURNING id', [
    setup.service,
  ]);
  if (!provider || !service) throw new Error('Provider or service insert returned no row');
  const [providerService] = await db.query<{ id: number }>(
    `INSERT INTO provider_services (provider_id, service_id, report_type_id, delivery_method)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [provider.id, service.id, setup.reportTypeId, setup.deliveryMethod],
  );
  if (!providerService) throw new Error('Provider service insert returned no row');
  const id = providerService.id;
  for (const orderType of setup.orderTypes) {
    await db.query(
      'INSERT INTO provider_service_order_types (provider_service_id, order_type, is_default) VALUES ($1, $2, $3)',
      [id, orderType.id, orderType.isDefault],
    );
  }
  for (const language of setup.languages) {
    await db.query(
      'INSERT INTO provider_service_languages (provider_service_id, locality_id, is_default) VALUES ($1, $2, $3)',
      [id, language.id, language.isDefault],
    );
  }
  for (const battery of setup.batteries) {
    await db.query(
      'INSERT INTO provider_service_batteries (provider_service_id, battery_code, is_default) VALUES ($1, $2, $3)',
      [id, battery.code, battery.isDefault],
    );
  }
  return id;
}

interface DemoUser {
  email: string;
  loginRole: LoginRole;
  firstName: string;
  lastName: string;
  phone: string;
  specialtyId: number | null;
  medicalLicenseNumber: string | null;
  providerServiceIds: readonly number[];
}

async function insertUser(db: Db, user: DemoUser, passwordHash: string, createdAt: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (email, login_role, first_name, last_name, phone, specialty_id, medical_license_number,
       country_code, password_hash, password_changed_at, accepted_privacy_policy, accepted_privacy_policy_at,
       first_time_setup_complete, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'US', $8, $9, true, $9, true, $9, $9)
     RETURNING id`,
    [
      user.email,
      user.loginRole,
      user.firstName,
      user.lastName,
      user.phone,
      user.specialtyId,
      user.medicalLicenseNumber,
      passwordHash,
      createdAt,
    ],
  );
  if (!row) throw new Error('User insert returned no row');
  for (const providerServiceId of user.providerServiceIds) {
    await db.query('INSERT INTO user_provider_services (user_id, provider_service_id) VALUES ($1, $2)', [
      row.id,
      providerServiceId,
    ]);
  }
  return row.id;
}

function generatePatient(random: Prng, place: SitePlace, spanishShare: number, taken: Set<string>): DemoPatient {
  for (;;) {
    const gender = random() < 0.55 ? 'F' : 'M';
    const firstName = pick(random, gender === 'F' ? femaleNames : maleNames);
    const lastName = pick(random, lastNames);
    const middleInitial = random() < 0.4 ? String.fromCharCode(65 + intBetween(random, 0, 25)) : null;
    const birth = Date.UTC(1934, 0, 1) + intBetween(random, 0, 38 * 365) * dayMs;
    const hasEmail = random() < 0.75;
    const key = `${firstName} ${lastName}`;
    // Unique names keep searches in tests unambiguous; Rosa Alvarez is reserved for the scripted patient.
    if (taken.has(key)) continue;
    taken.add(key);
    return {
      firstName,
      middleInitial,
      lastName,
      dateOfBirth: isoDay(birth),
      gender,
      email: hasEmail ? `${firstName}.${lastName}@example.test`.toLowerCase() : null,
      // 555-01xx numbers are reserved for fiction.
      phone: `${place.areaCode}-555-01${String(intBetween(random, 0, 99)).padStart(2, '0')}`,
      addressLine1: `${String(intBetween(random, 10, 9899))} ${pick(random, streets)}`,
      city: place.city,
      stateCode: place.state,
      postalCode: `${place.postalPrefix}${String(intBetween(random, 1, 99)).padStart(2, '0')}`,
      defaultLanguage: random() < spanishShare ? 'es-US' : 'en-US',
      isDisabled: false,
    };
  }
}

export interface SeedSummary {
  seeded: boolean;
}

/** True when nothing has been stored yet: the seed must never touch a database that holds real work. */
async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(
    'SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM providers) + (SELECT count(*) FROM patients) AS n',
  );
  return (row?.n ?? 0) === 0;
}

/** Seeds DESIGN §5 on an empty database, in one transaction; answers whether it seeded. */
export async function seedDemoData(db: Db, createdAt: Date = new Date()): Promise<SeedSummary> {
  const anchor = demoAnchor(createdAt);
  // Cheap check first, so restarting on a kept data folder does not pay for four password hashes.
  if (!(await isEmpty(db))) return { seeded: false };
  // Hash before the transaction: the four hashes run in parallel on libuv's thread pool.
  const hashes = await Promise.all([0, 1, 2, 3].map(() => hashPassword(demoPassword)));
  const hash = (index: number): string => {
    const value = hashes[index];
    if (value === undefined) throw new Error('missing demo password hash');
    return value;
  };

  return db.tx(async (tx) => {
    // Checked again inside the transaction: another server process may have seeded meanwhile.
    if (!(await isEmpty(tx))) return { seeded: false };
    const random = seededRandom(prngSeed);
    // The staff accounts have existed for a while before the demo's first order.
    const usersCreatedAt = isoTime(anchor - 200 * dayMs);

    const northside = await insertProviderService(tx, {
      ...demoProviderServiceNames.northside,
      reportTypeId: 1,
      deliveryMethod: 'BOTH',
      orderTypes: [
        { id: 'HOME', isDefault: true },
        { id: 'SITE', isDefault: false },
      ],
      languages: [
        { id: 'en-US', isDefault: true },
        { id: 'es-US', isDefault: false },
      ],
      batteries: [
        { code: 'FullCBB', isDefault: true },
        { code: 'MemOnlyCBB', isDefault: false },
      ],
    });
    const lakeside = await insertProviderService(tx, {
      ...demoProviderServiceNames.lakeside,
      reportTypeId: 1,
      deliveryMethod: 'HOME',
      orderTypes: [{ id: 'HOME', isDefault: true }],
      languages: [{ id: 'en-US', isDefault: true }],
      batteries: [{ code: 'FullCBB', isDefault: true }],
    });

    await insertUser(
      tx,
      {
        email: demoAccounts.admin,
        loginRole: 'Provider Service Administrator',
        firstName: 'Morgan',
        lastName: 'Reyes',
        phone: '312-555-0100',
        specialtyId: null,
        medicalLicenseNumber: null,
        // Cops see every provider service without being linked to any.
        providerServiceIds: [],
      },
      hash(0),
      usersCreatedAt,
    );
    const clinician = await insertUser(
      tx,
      {
        email: demoAccounts.clinician,
        loginRole: 'Healthcare Clinician',
        firstName: 'Elena',
        lastName: 'Park',
        phone: '847-555-0110',
        specialtyId: 1,
        medicalLicenseNumber: 'IL-036-118204',
        providerServiceIds: [northside],
      },
      hash(1),
      usersCreatedAt,
    );
    const technician = await insertUser(
      tx,
      {
        email: demoAccounts.technician,
        loginRole: 'Healthcare Technician',
        firstName: 'Sam',
        lastName: 'Whitfield',
        phone: '847-555-0111',
        specialtyId: null,
        medicalLicenseNumber: null,
        providerServiceIds: [northside],
      },
      hash(2),
      usersCreatedAt,
    );
    const clinician2 = await insertUser(
      tx,
      {
        email: demoAccounts.clinician2,
        loginRole: 'Healthcare Clinician',
        firstName: 'James',
        lastName: 'Okafor',
        phone: '262-555-0120',
        specialtyId: 2,
        medicalLicenseNumber: 'WI-57213-20',
        providerServiceIds: [lakeside],
      },
      hash(3),
      usersCreatedAt,
    );

    // The scripted patient of DESIGN §5: one finished order (results) and one outstanding HOME order.
    const rosa = await insertDemoPatient(tx, northside, {
      firstName: 'Rosa',
      middleInitial: 'M',
      lastName: 'Alvarez',
      dateOfBirth: '1948-05-17',
      gender: 'F',
      email: 'rosa.alvarez@example.test',
      phone: '847-555-0142',
      addressLine1: '1208 Maple Ave',
      city: northsidePlace.city,
      stateCode: northsidePlace.state,
      postalCode: '60201',
      defaultLanguage: 'en-US',
      isDisabled: false,
    });
    // Both of her orders: home tests of the full battery, ordered by the demo clinician.
    const rosaOrder = {
      orderType: 'HOME',
      batteryCode: 'FullCBB',
      email: 'rosa.alvarez@example.test',
      prescriberUserId: clinician,
      orderedByUserId: clinician,
    } as const;
    await insertOrder(tx, rosa, northside, {
      ...rosaOrder,
      status: 'FINI',
      // Her latest test, a month ago: the newest point of her Results over time.
      orderDate: isoTime(anchor - 33 * dayMs),
      scheduleDateTime: isoTime(anchor - 33 * dayMs),
      completedDateTime: isoTime(anchor - 30 * dayMs),
      lastStartedLanguage: 'en-US',
      patientLoginToken: demoPatientTokens.rosaDone,
    });
    await insertOrder(tx, rosa, northside, {
      ...rosaOrder,
      status: 'SCHD',
      orderDate: isoTime(anchor - 2 * dayMs),
      scheduleDateTime: isoTime(anchor - 2 * dayMs + homeTestWindowMs),
      completedDateTime: null,
      lastStartedLanguage: null,
      patientLoginToken: demoPatientTokens.rosaHome,
    });

    // One deactivated patient with history, so "disabled profiles are visible only to cops" can be shown.
    const deactivated = await insertDemoPatient(tx, northside, {
      firstName: 'Gordon',
      middleInitial: null,
      lastName: 'Whitaker',
      dateOfBirth: '1941-02-11',
      gender: 'M',
      email: null,
      phone: '847-555-0143',
      addressLine1: '77 Harbor Rd',
      city: northsidePlace.city,
      stateCode: northsidePlace.state,
      postalCode: '60202',
      defaultLanguage: 'en-US',
      isDisabled: true,
    });
    await insertOrder(tx, deactivated, northside, {
      orderType: 'SITE',
      batteryCode: 'MemOnlyCBB',
      email: null,
      status: 'FINI',
      orderDate: isoTime(anchor - 300 * dayMs),
      scheduleDateTime: isoTime(anchor - 300 * dayMs),
      completedDateTime: isoTime(anchor - 300 * dayMs + 3_600_000),
      prescriberUserId: clinician,
      orderedByUserId: clinician,
      lastStartedLanguage: 'en-US',
      patientLoginToken: null,
    });

    const taken = new Set(['Rosa Alvarez', 'Gordon Whitaker']);
    let homeTokenNumber = 2;
    let doneTokenNumber = 2;
    const nextToken = (kind: 'HOME' | 'DONE'): string => {
      const number = kind === 'HOME' ? homeTokenNumber++ : doneTokenNumber++;
      return `DEMO-${kind}-${String(number).padStart(4, '0')}`;
    };

    const sites = [
      {
        id: northside,
        count: 64,
        place: northsidePlace,
        spanishShare: 0.2,
        orderTypes: ['HOME', 'SITE'] as const,
        batteries: ['FullCBB', 'FullCBB', 'FullCBB', 'MemOnlyCBB'] as const,
        // Technicians order too; only a clinician is recorded as prescriber (spec §6).
        orderers: [
          { orderedBy: clinician, prescriber: clinician },
          { orderedBy: technician, prescriber: null },
        ],
      },
      {
        id: lakeside,
        count: 12,
        place: lakesidePlace,
        spanishShare: 0,
        orderTypes: ['HOME'] as const,
        batteries: ['FullCBB'] as const,
        orderers: [{ orderedBy: clinician2, prescriber: clinician2 }],
      },
    ];

    for (const site of sites) {
      for (let index = 0; index < site.count; index += 1) {
        const patient = generatePatient(random, site.place, site.spanishShare, taken);
        const patientId = await insertDemoPatient(tx, site.id, patient);
        const finishedCount = random() < 0.45 ? intBetween(random, 1, 2) : 0;
        const hasOpenOrder = random() < 0.4;

        const makeOrder = (status: 'SCHD' | 'FINI', orderDateMs: number): DemoOrder | null => {
          // HOME orders are sent by email, so a patient without one can only be tested in clinic.
          const possibleTypes = site.orderTypes.filter((type) => type === 'SITE' || patient.email !== null);
          if (possibleTypes.length === 0) return null;
          const orderType = pick(random, possibleTypes);
          const orderer = pick(random, site.orderers);
          const completedMs = orderDateMs + intBetween(random, 1, 9) * dayMs + intBetween(random, 1, 8) * 3_600_000;
          return {
            orderType,
            batteryCode: pick(random, site.batteries),
            email: orderType === 'HOME' ? patient.email : null,
            status,
            orderDate: isoTime(orderDateMs),
            // An open order is due within two weeks of being placed; a finished one was taken the day it was due.
            scheduleDateTime: isoTime(status === 'SCHD' ? orderDateMs + homeTestWindowMs : orderDateMs),
            completedDateTime: status === 'FINI' ? isoTime(completedMs) : null,
            prescriberUserId: orderer.prescriber,
            orderedByUserId: orderer.orderedBy,
            lastStartedLanguage: status === 'FINI' ? patient.defaultLanguage : null,
            patientLoginToken: orderType === 'HOME' ? nextToken(status === 'FINI' ? 'DONE' : 'HOME') : null,
          };
        };

        let orderDay = intBetween(random, 200, 420);
        for (let finished = 0; finished < finishedCount; finished += 1) {
          const order = makeOrder('FINI', anchor - orderDay * dayMs);
          if (order) await insertOrder(tx, patientId, site.id, order);
          orderDay -= intBetween(random, 60, 150);
        }
        if (hasOpenOrder) {
          const order = makeOrder(
            'SCHD',
            anchor - intBetween(random, 0, 30) * dayMs - intBetween(random, 1, 8) * 3_600_000,
          );
          if (order) await insertOrder(tx, patientId, site.id, order);
        }
      }
    }
    // Issue 5: the finished orders get the results a workflow runner would have recorded (their reports).
    await seedDemoResults(tx);
    // Issue 18: each order's timeline as far as it went.
    await seedOrderEvents(tx, new Date(anchor));
    return { seeded: true };
  });
}
