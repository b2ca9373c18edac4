import type { Db } from './db';

// Longer than 300 lines on purpose: the migrations are the schema's history, applied in order and never edited once
// shipped, so they stay in one file to be read top to bottom.

export interface Migration {
  /** Strictly increasing; never renumber or edit a migration that has shipped, add a new one. */
  version: number;
  name: string;
  /** One statement each: PGlite's parameterised query runs a single statement at a time. */
  statements: readonly string[];
}

const timestamps = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

/** Address columns shared by staff and patient profiles (spec §3 Profile address). */
const addressColumns = `
  address_line1 text NULL,
  address_line2 text NULL,
  city text NULL,
  state_code text NULL,
  postal_code text NULL,
  country_code text NULL`;

// The helpers below write SQL of shipped migrations: changing what they produce edits history, so a new shape of
// table gets a new helper (or plain SQL) in a new migration.

/**
 * What a provider service offers of one kind (order types, languages, batteries): its choices, each a reference to
 * another table, and at most one of them the default (a partial unique index).
 */
function providerServiceChoices(table: string, column: string, references: string): string[] {
  return [
    `CREATE TABLE ${table} (
        provider_service_id integer NOT NULL REFERENCES provider_services (id) ON DELETE CASCADE,
        ${column} text NOT NULL REFERENCES ${references},
        is_default boolean NOT NULL DEFAULT false,
        PRIMARY KEY (provider_service_id, ${column})
      )`,
    `CREATE UNIQUE INDEX ${table}_one_default
        ON ${table} (provider_service_id) WHERE is_default`,
  ];
}

/** A code and the name shown for it, in the order the list offers them. */
type CodeName = readonly [code: string, name: string];

/**
 * An ordered reference list (localities, order types, states, countries): its table, keyed by a text code, and its
 * rows, numbered in display order from 1.
 */
function referenceList(table: string, key: 'id' | 'code', rows: readonly CodeName[]): string[] {
  const values = rows.map(([code, name], index) => `('${code}', '${name}', ${String(index + 1)})`);
  return [
    `CREATE TABLE ${table} (
        ${key} text PRIMARY KEY,
        name text NOT NULL,
        display_order integer NOT NULL
      )`,
    `INSERT INTO ${table} (${key}, name, display_order) VALUES
        ${values.join(',\n        ')}`,
  ];
}

// Spec §3 address state{code,name}: the US states, the District of Columbia and the inhabited territories.
const usStates: readonly CodeName[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
  ['AS', 'American Samoa'],
  ['GU', 'Guam'],
  ['MP', 'Northern Mariana Islands'],
  ['PR', 'Puerto Rico'],
  ['VI', 'U.S. Virgin Islands'],
];

// Spec §3 address country{code,name}.
const countries: readonly CodeName[] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['MX', 'Mexico'],
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['NL', 'Netherlands'],
];

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    statements: [
      // Reference data the product defines (spec §9): part of the schema, not of the demo seed.
      `CREATE TABLE report_types (
        id integer PRIMARY KEY,
        name text NOT NULL
      )`,
      `INSERT INTO report_types (id, name) VALUES
        (1, 'Standard cognitive report'),
        (2, 'Cognitive report with history')`,
      ...referenceList('localities', 'id', [
        ['en-US', 'United States - English'],
        ['es-US', 'United States - Spanish'],
      ]),
      `CREATE TABLE batteries (
        code text PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL,
        display_order integer NOT NULL
      )`,
      `INSERT INTO batteries (code, name, description, display_order) VALUES
        ('FullCBB', 'Full assessment', 'All four tests of the cognitive battery, about 15 minutes', 1),
        ('MemOnlyCBB', 'Memory assessment', 'The memory tests of the cognitive battery only', 2)`,
      ...referenceList('assessment_order_types', 'id', [
        ['HOME', 'Out-Of-Clinic'],
        ['SITE', 'In-Clinic'],
      ]),
      `CREATE TABLE specialties (
        id integer PRIMARY KEY,
        name text NOT NULL UNIQUE
      )`,
      `INSERT INTO specialties (id, name) VALUES
        (1, 'Neurology'),
        (2, 'Geriatrics'),
        (3, 'Primary Care'),
        (4, 'Psychiatry'),
        (5, 'Internal Medicine'),
        (6, 'Neuropsychology'),
        (7, 'Other')`,

      `CREATE TABLE providers (
        id serial PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),${timestamps}
      )`,
      // Names are compared case-insensitively so 'Northside' and 'northside' cannot both exist.
      `CREATE UNIQUE INDEX providers_name_key ON providers (lower(name))`,
      `CREATE TABLE services (
        id serial PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),${timestamps}
      )`,
      `CREATE UNIQUE INDEX services_name_key ON services (lower(name))`,
      `CREATE TABLE provider_services (
        id serial PRIMARY KEY,
        provider_id integer NOT NULL REFERENCES providers (id),
        service_id integer NOT NULL REFERENCES services (id),
        report_type_id integer NOT NULL REFERENCES report_types (id),
        delivery_method text NOT NULL CHECK (delivery_method IN ('HOME', 'SITE', 'BOTH')),${timestamps},
        UNIQUE (provider_id, service_id)
      )`,
      // Spec §4: exactly one default per provider service; the partial index enforces "at most one".
      ...providerServiceChoices('provider_service_order_types', 'order_type', 'assessment_order_types (id)'),
      ...providerServiceChoices('provider_service_languages', 'locality_id', 'localities (id)'),
      ...providerServiceChoices('provider_service_batteries', 'battery_code', 'batteries (code)'),

      // Staff accounts double as clinician/technician profiles (healthcareProfileId = users.id),
      // so a profile and its login can never disagree about name, email or disabled state.
      `CREATE TABLE users (
        id serial PRIMARY KEY,
        email text NOT NULL CHECK (length(email) BETWEEN 3 AND 255),
        login_role text NOT NULL CHECK (login_role IN
          ('Healthcare Clinician', 'Healthcare Technician', 'Provider Service Administrator')),
        first_name text NOT NULL,
        middle_initial text NULL,
        last_name text NOT NULL,
        phone text NULL,${addressColumns},
        specialty_id integer NULL REFERENCES specialties (id),
        medical_license_number text NULL,
        password_hash text NULL,
        password_changed_at timestamptz NULL,
        password_expires_at timestamptz NULL,
        failed_login_count integer NOT NULL DEFAULT 0,
        locked_until timestamptz NULL,
        last_login_at timestamptz NULL,
        accepted_privacy_policy boolean NOT NULL DEFAULT false,
        accepted_privacy_policy_at timestamptz NULL,
        first_time_setup_complete boolean NOT NULL DEFAULT false,
        is_disabled boolean NOT NULL DEFAULT false,${timestamps}
      )`,
      `CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
      `CREATE TABLE user_provider_services (
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        provider_service_id integer NOT NULL REFERENCES provider_services (id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, provider_service_id)
      )`,
      `CREATE INDEX user_provider_services_provider_service ON user_provider_services (provider_service_id)`,

      `CREATE TABLE patients (
        id serial PRIMARY KEY,
        provider_service_id integer NOT NULL REFERENCES provider_services (id),
        first_name text NOT NULL,
        middle_initial text NULL,
        last_name text NOT NULL,
        date_of_birth date NOT NULL,
        gender text NOT NULL CHECK (gender IN ('M', 'F')),
        email text NULL,
        phone text NULL,${addressColumns},
        default_language text NOT NULL DEFAULT 'en-US' REFERENCES localities (id),
        is_disabled boolean NOT NULL DEFAULT false,${timestamps}
      )`,
      `CREATE INDEX patients_provider_service_name
        ON patients (provider_service_id, lower(last_name), lower(first_name))`,

      `CREATE TABLE assessment_orders (
        id serial PRIMARY KEY,
        patient_id integer NOT NULL REFERENCES patients (id),
        provider_service_id integer NOT NULL REFERENCES provider_services (id),
        order_type text NOT NULL REFERENCES assessment_order_types (id),
        battery_code text NOT NULL REFERENCES batteries (code),
        email text NULL,
        status text NOT NULL DEFAULT 'SCHD' CHECK (status IN ('SCHD', 'FINI')),
        order_date timestamptz NOT NULL DEFAULT now(),
        schedule_date_time timestamptz NOT NULL DEFAULT now(),
        completed_date_time timestamptz NULL,
        prescriber_user_id integer NULL REFERENCES users (id),
        ordered_by_user_id integer NULL REFERENCES users (id),
        last_started_language text NULL REFERENCES localities (id),
        last_error_code text NULL,
        patient_login_token_hash text NULL UNIQUE,
        patient_login_token_hint text NULL,
        failed_patient_login_count integer NOT NULL DEFAULT 0,
        patient_login_locked_until timestamptz NULL,${timestamps},
        CHECK ((status = 'FINI') = (completed_date_time IS NOT NULL))
      )`,
      `CREATE INDEX assessment_orders_patient ON assessment_orders (patient_id, schedule_date_time)`,
      `CREATE INDEX assessment_orders_provider_service_status ON assessment_orders (provider_service_id, status)`,

      // A session belongs to a staff user or (patient login, later) to a patient and one order.
      `CREATE TABLE sessions (
        id serial PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        user_id integer NULL REFERENCES users (id) ON DELETE CASCADE,
        patient_id integer NULL REFERENCES patients (id) ON DELETE CASCADE,
        assessment_order_id integer NULL REFERENCES assessment_orders (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz NULL,
        CHECK ((user_id IS NULL) <> (patient_id IS NULL))
      )`,
      `CREATE INDEX sessions_user ON sessions (user_id)`,
      `CREATE INDEX sessions_expires_at ON sessions (expires_at)`,

      // "to" is a reserved word, hence to_address; the API names it "to".
      `CREATE TABLE outbox (
        id serial PRIMARY KEY,
        to_address text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        link text NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
  {
    version: 10,
    name: 'profiles: account setup and reset tokens, states and countries',
    statements: [
      // Setup and reset links (spec §4 Profile): stored only as a hash with an expiry; the password pages consume
      // them (used_at) and a newer link of the same purpose makes older unused ones useless (superseded_at).
      `CREATE TABLE account_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('SETUP', 'RESET')),
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        superseded_at timestamptz NULL,
        created_by_user_id integer NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose)`,
      // Reference lists of the address fields (spec §3 address state{code,name}, country{code,name}).
      ...referenceList('states', 'code', usStates),
      ...referenceList('countries', 'code', countries),
      // Lists search by name and email; a functional index keeps the 10,000-patient list quick to page by name.
      `CREATE INDEX patients_name_order ON patients (lower(last_name), lower(first_name), id)`,
    ],
  },
  {
    // Issue #6 range 20-29. More localities, so a provider service can offer languages beyond the demo's two.
    version: 20,
    name: 'provider-service localities',
    statements: [
      `INSERT INTO localities (id, name, display_order) VALUES
        ('fr-FR', 'France - French', 3),
        ('fr-CA', 'Canada - French', 4),
        ('en-GB', 'United Kingdom - English', 5)
        ON CONFLICT (id) DO NOTHING`,
    ],
  },
  {
    version: 30,
    name: 'contact messages',
    statements: [
      // Spec §3 Contact message; limits of spec §5 repeated here so no other writer can break them.
      `CREATE TABLE contact_messages (
        id serial PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        email text NOT NULL CHECK (length(email) BETWEEN 3 AND 255),
        organization text NOT NULL DEFAULT '' CHECK (length(organization) <= 255),
        message text NOT NULL CHECK (length(message) BETWEEN 1 AND 255),
        optin boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      // The anonymous form is throttled per sender address; this index answers that count.
      `CREATE INDEX contact_messages_email_created ON contact_messages (lower(email), created_at)`,
    ],
  },
  {
    version: 40,
    name: 'passwords and privacy policy: the accepted policy document',
    statements: [
      // Spec §1: clinicians and technicians accept different policies; which one was accepted is worth keeping.
      `ALTER TABLE users ADD COLUMN accepted_privacy_policy_document text NULL`,
      // Forgot-password requests are throttled per user by counting recent links.
      `CREATE INDEX account_tokens_user_created ON account_tokens (user_id, purpose, created_at)`,
    ],
  },
  {
    // Issue #5 range 60-69: taking the test.
    version: 60,
    name: 'taking the test: attempts with their runner token, patient privacy acceptance, report access',
    statements: [
      // One row per begin (spec §4 On-site test flow, Patient self-assessment). The runner's token is stored only
      // hashed, belongs to this attempt of this order alone and expires; recording an outcome spends it.
      `CREATE TABLE assessment_attempts (
        id serial PRIMARY KEY,
        assessment_order_id integer NOT NULL REFERENCES assessment_orders (id) ON DELETE CASCADE,
        workflow_instance_id text NOT NULL UNIQUE,
        test_token_hash text NOT NULL UNIQUE,
        test_token_expires_at timestamptz NOT NULL,
        supervised boolean NOT NULL,
        started_by_user_id integer NULL REFERENCES users (id) ON DELETE SET NULL,
        language text NOT NULL REFERENCES localities (id),
        privacy_client_timestamp text NULL,
        privacy_server_timestamp timestamptz NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        outcome text NULL CHECK (outcome IN ('COMPLETED', 'ERROR')),
        error_code text NULL,
        results jsonb NULL,
        finished_at timestamptz NULL,
        CHECK ((outcome IS NULL) = (finished_at IS NULL))
      )`,
      `CREATE INDEX assessment_attempts_order ON assessment_attempts (assessment_order_id, started_at)`,
      // Spec §7 login/patient: when the patient accepted the privacy notice, by their clock (kept as sent, with its
      // offset) and by the server's.
      `ALTER TABLE assessment_orders ADD COLUMN patient_privacy_client_timestamp text NULL`,
      `ALTER TABLE assessment_orders ADD COLUMN patient_privacy_server_timestamp timestamptz NULL`,
      // The embedded report page cannot send the session header: it gets a short-lived token for one patient.
      `CREATE TABLE report_tokens (
        id serial PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        patient_id integer NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX report_tokens_expires_at ON report_tokens (expires_at)`,
    ],
  },
  {
    // Issue #15 range 150-159: throughput of the patient list and search.
    version: 150,
    name: 'patient list and search indexes',
    statements: [
      // Trusted since PostgreSQL 13, so a database owner without superuser rights may create it; PGlite ships it.
      `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
      // Everything a patient search matches, in one text. The fields are joined by a control character that the
      // search text never contains (patients.ts strips it), so a match can never span two fields.
      `CREATE FUNCTION patient_search_text(first_name text, last_name text, email text, phone text)
        RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT lower(first_name || ' ' || last_name) || chr(1) || lower(last_name || ', ' || first_name)
          || chr(1) || lower(last_name || ' ' || first_name) || chr(1) || lower(coalesce(email, ''))
          || chr(1) || coalesce(phone, '') $$`,
      // Answers "contains" (LIKE '%…%') with 3 characters or more without reading every patient.
      `CREATE INDEX patients_search_trgm ON patients
        USING gin (patient_search_text(first_name, last_name, email, phone) gin_trgm_ops)`,
      // A page of one provider service's list in name order, read in index order and stopped at the page end.
      `CREATE INDEX patients_provider_service_order
        ON patients (provider_service_id, lower(last_name), lower(first_name), id)`,
      `DROP INDEX IF EXISTS patients_provider_service_name`,
    ],
  },
  {
    // Issue #15, the part on repeated submissions (version 152, so the other parts of #15 can take 150-159 too).
    version: 152,
    name: 'idempotency keys of orders and creates',
    statements: [
      // One row per (user, key): the unique constraint is what makes parallel repeats wait for the first one,
      // on every instance that shares the database. status_code is null while the first request runs.
      `CREATE TABLE idempotency_keys (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        idempotency_key text NOT NULL,
        fingerprint text NOT NULL,
        status_code integer NULL,
        response_body text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, idempotency_key)
      )`,
      `CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`,
    ],
  },
  {
    // Issue #15 range 150-159 (this one: sessions and sign-in).
    version: 153,
    name: 'absolute session lifetime, sign-in failures of unknown accounts',
    statements: [
      // However active a session is, it ends at ends_at; a refreshed token inherits it. Open sessions get the default.
      `ALTER TABLE sessions ADD COLUMN ends_at timestamptz NULL`,
      `UPDATE sessions SET ends_at = created_at + interval '12 hours' WHERE ends_at IS NULL`,
      `ALTER TABLE sessions ALTER COLUMN ends_at SET NOT NULL`,
      // Failed sign-ins with a name that has no account count and lock like a real account's, so the "locked"
      // answer cannot tell the two apart. Only a hash of the lower-cased name is kept (no typed addresses).
      `CREATE TABLE unknown_sign_in_failures (
        name_hash text PRIMARY KEY,
        failed_count integer NOT NULL DEFAULT 0,
        locked_until timestamptz NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
  {
    version: 160,
    name: 'client log messages',
    statements: [
      // Spec §7 log calls. No person's data: messages are fixed sentences (masked again on arrival), the route has
      // no query string, and the session is kept only to cap how much one session may send.
      `CREATE TABLE client_logs (
        id serial PRIMARY KEY,
        level text NOT NULL CHECK (level IN ('info', 'warn', 'error', 'fatal')),
        message text NOT NULL,
        route text NOT NULL,
        client_version text NOT NULL,
        role text NULL,
        session_id integer NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX client_logs_session_idx ON client_logs (session_id, created_at) WHERE session_id IS NOT NULL`,
    ],
  },
  {
    // Issue #18 range 180-189: following an order to the end.
    version: 180,
    name: 'order timeline, links, expiry, reminders and cancellation',
    statements: [
      // Append-only: each change to an order writes its event in the same transaction; nothing updates one.
      `CREATE TABLE order_events (
        id serial PRIMARY KEY,
        assessment_order_id integer NOT NULL REFERENCES assessment_orders (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('ORDERED', 'EMAIL_SENT', 'LINK_OPENED', 'IDENTITY_CONFIRMED',
          'IDENTITY_REFUSED', 'LOCKED', 'TEST_STARTED', 'COMPLETED', 'RUNNER_ERROR', 'LINK_RESENT', 'REMINDER_SENT',
          'CANCELLED', 'EXPIRED', 'QR_SHOWN', 'LETTER_PRINTED')),
        at timestamptz NOT NULL DEFAULT now(),
        actor_user_id integer NULL REFERENCES users (id) ON DELETE SET NULL,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb
      )`,
      `CREATE INDEX order_events_order ON order_events (assessment_order_id, id)`,
      `CREATE FUNCTION order_events_append_only() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN RAISE EXCEPTION 'order_events is append-only'; END $$`,
      `CREATE TRIGGER order_events_no_update BEFORE UPDATE ON order_events
        FOR EACH ROW EXECUTE FUNCTION order_events_append_only()`,
      // More links to one order than the emailed one (a reminder's, a QR code's), each stored only hashed. A resent
      // link or a cancellation revokes them all.
      `CREATE TABLE order_links (
        id serial PRIMARY KEY,
        assessment_order_id integer NOT NULL REFERENCES assessment_orders (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz NULL
      )`,
      `CREATE INDEX order_links_order ON order_links (assessment_order_id)`,
      // Null: the order's date plus its provider service's days (so orders placed before this change expire too).
      `ALTER TABLE assessment_orders ADD COLUMN link_expires_at timestamptz NULL`,
      `ALTER TABLE assessment_orders ADD COLUMN cancelled_at timestamptz NULL`,
      `ALTER TABLE assessment_orders ADD COLUMN cancel_reason text NULL`,
      `ALTER TABLE assessment_orders ADD COLUMN reminders_sent integer NOT NULL DEFAULT 0`,
      `ALTER TABLE assessment_orders ADD COLUMN expiry_recorded boolean NOT NULL DEFAULT false`,
      `ALTER TABLE provider_services ADD COLUMN link_expiry_days integer NOT NULL DEFAULT 14
        CHECK (link_expiry_days BETWEEN 1 AND 365)`,
      `ALTER TABLE provider_services ADD COLUMN reminder_after_days integer NOT NULL DEFAULT 3
        CHECK (reminder_after_days BETWEEN 1 AND 60)`,
      // What the reminder sweep and the follow-up list read: open orders, not cancelled, newest first.
      `CREATE INDEX assessment_orders_open ON assessment_orders (order_date)
        WHERE status = 'SCHD' AND cancelled_at IS NULL`,
    ],
  },
  {
    // Issue #31 range 200-209: a staff session handed to a patient for an on-site test.
    version: 200,
    name: 'staff sessions locked while a patient holds the tablet',
    statements: [
      // Set while the session's tablet is in the patient's hands: the token then opens only that one order's test.
      // Stored, not kept in memory, so every server on one PostgreSQL and a restart honour it.
      `ALTER TABLE sessions ADD COLUMN handover_order_id integer NULL
        REFERENCES assessment_orders (id) ON DELETE CASCADE`,
      `ALTER TABLE sessions ADD COLUMN handover_started_at timestamptz NULL`,
      // When the patient's test ended (completed, error or left) and, from then, when the unattended session ends.
      `ALTER TABLE sessions ADD COLUMN handover_ended_at timestamptz NULL`,
      `ALTER TABLE sessions ADD COLUMN handover_idle_ends_at timestamptz NULL`,
      `ALTER TABLE sessions ADD CONSTRAINT sessions_handover_staff_only
        CHECK (handover_order_id IS NULL OR user_id IS NOT NULL)`,
    ],
  },
  {
    // Issue 32: the number a patient calls with questions, printed on their letter and in their emails.
    version: 210,
    name: 'provider service contact phone',
    statements: [
      `ALTER TABLE provider_services ADD COLUMN contact_phone text NOT NULL DEFAULT ''
        CHECK (char_length(contact_phone) <= 16)`,
    ],
  },
  {
    // Issue 32: "I cannot do this test". The order stays open without a result; the clinic reads why.
    version: 220,
    name: 'reports of a patient who cannot take the test',
    statements: [
      // What the person chose and wrote (kept for the clinic only, never logged), and who sent it: the patient's
      // own session (no user) or the staff member who began the on-site test.
      `CREATE TABLE unable_to_take_reports (
        id serial PRIMARY KEY,
        assessment_order_id integer NOT NULL REFERENCES assessment_orders (id) ON DELETE CASCADE,
        attempt_id integer NULL REFERENCES assessment_attempts (id) ON DELETE SET NULL,
        reason text NOT NULL CHECK (reason IN ('cannotSee', 'cannotAnswerInTime', 'cannotUseScreen', 'other')),
        details text NOT NULL DEFAULT '',
        reported_by_user_id integer NULL REFERENCES users (id) ON DELETE SET NULL,
        reported_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX unable_to_take_reports_order ON unable_to_take_reports (assessment_order_id, reported_at)`,
    ],
  },
  {
    // Issue 32: the clinic reads in the order's timeline that the person could not take the test, and why.
    version: 230,
    name: 'order timeline: could not take the test',
    statements: [
      `ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check`,
      `ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check CHECK (kind IN ('ORDERED', 'EMAIL_SENT',
        'LINK_OPENED', 'IDENTITY_CONFIRMED', 'IDENTITY_REFUSED', 'LOCKED', 'TEST_STARTED', 'COMPLETED', 'RUNNER_ERROR',
        'LINK_RESENT', 'REMINDER_SENT', 'CANCELLED', 'EXPIRED', 'QR_SHOWN', 'LETTER_PRINTED', 'UNABLE_TO_TAKE'))`,
      // The reports made before this version get their event, at the time they were made.
      `INSERT INTO order_events (assessment_order_id, kind, at, actor_user_id, detail)
        SELECT assessment_order_id, 'UNABLE_TO_TAKE', reported_at, reported_by_user_id,
          jsonb_build_object('reason', reason, 'details', details)
        FROM unable_to_take_reports ORDER BY id`,
    ],
  },
  {
    // Issue 35 F8: a report token dies with the session that asked for it (sign-out, deactivation). Tokens live
    // minutes; those made before this version have no session to follow and are dropped.
    version: 240,
    name: 'report tokens belong to a session',
    statements: [
      `DELETE FROM report_tokens`,
      `ALTER TABLE report_tokens ADD COLUMN session_id integer NOT NULL REFERENCES sessions (id) ON DELETE CASCADE`,
      `CREATE INDEX report_tokens_session ON report_tokens (session_id)`,
    ],
  },
  {
    // Issue 35: the locks of an order's link since it was last sent; after the second the link stays locked until
    // staff resend it, so guessing a patient's details is not a steady few tries every quarter of an hour.
    version: 250,
    name: 'patient link locked until resent',
    statements: [
      `ALTER TABLE assessment_orders ADD COLUMN patient_login_lock_count integer NOT NULL DEFAULT 0`,
      `ALTER TABLE assessment_orders ADD COLUMN patient_login_locked_until_resent boolean NOT NULL DEFAULT false`,
    ],
  },
  {
    // Issue 35 F1: the audit trail (HIPAA 164.312(b)). Append-only: no foreign key into it, nothing cascades into it,
    // and the database itself refuses UPDATE, TRUNCATE and the DELETE of anything kept for less than six years. The
    // insert trigger numbers each entry and chains its SHA-256 to the previous entry's hash under a transaction
    // advisory lock, so several servers on one PostgreSQL write one total order; `npm run audit:verify` re-checks it.
    version: 260,
    name: 'audit trail; order events kept',
    statements: [
      `CREATE TABLE audit_events (
        sequence bigint PRIMARY KEY,
        at timestamptz NOT NULL,
        actor_user_id integer NULL,
        actor_role text NULL,
        actor_provider_service_id integer NULL,
        patient_session_order_id integer NULL,
        action text NOT NULL,
        patient_ids integer[] NOT NULL DEFAULT '{}',
        entity text NULL,
        entity_id text NULL,
        outcome text NOT NULL CHECK (outcome IN ('success', 'failure', 'refused')),
        client_address text NOT NULL,
        request_id text NOT NULL,
        prev_hash text NOT NULL,
        hash text NOT NULL
      )`,
      `CREATE INDEX audit_events_at ON audit_events (at)`,
      `CREATE INDEX audit_events_actor ON audit_events (actor_user_id, sequence)`,
      `CREATE INDEX audit_events_patients ON audit_events USING gin (patient_ids)`,
      // The canonical text of an entry is the JSON array of its fields in this order, the time in UTC to the
      // millisecond; server/db/queries/audit-events.ts recomputes exactly this to verify the chain.
      `CREATE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
        DECLARE
          last_sequence bigint;
          last_hash text;
        BEGIN
          PERFORM pg_advisory_xact_lock(7305035);
          SELECT sequence, hash INTO last_sequence, last_hash FROM audit_events ORDER BY sequence DESC LIMIT 1;
          NEW.sequence := COALESCE(last_sequence, 0) + 1;
          NEW.at := date_trunc('milliseconds', clock_timestamp());
          NEW.prev_hash := COALESCE(last_hash, '');
          NEW.hash := encode(sha256(convert_to(jsonb_build_array(NEW.sequence,
            to_char(NEW.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), NEW.actor_user_id, NEW.actor_role,
            NEW.actor_provider_service_id, NEW.patient_session_order_id, NEW.action, to_jsonb(NEW.patient_ids),
            NEW.entity, NEW.entity_id, NEW.outcome, NEW.client_address, NEW.request_id, NEW.prev_hash)::text,
            'UTF8')), 'hex');
          RETURN NEW;
        END $$`,
      `CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events
        FOR EACH ROW EXECUTE FUNCTION audit_events_chain()`,
      `CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' AND OLD.at < now() - make_interval(years => 6) THEN RETURN OLD; END IF;
          RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP;
        END $$`,
      `CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
        FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`,
      `CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
        FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`,
      // The order timeline is kept as well: no DELETE or TRUNCATE, and deleting an order or a user no longer reaches it.
      `CREATE TRIGGER order_events_no_delete BEFORE DELETE ON order_events
        FOR EACH ROW EXECUTE FUNCTION order_events_append_only()`,
      `CREATE TRIGGER order_events_no_truncate BEFORE TRUNCATE ON order_events
        FOR EACH STATEMENT EXECUTE FUNCTION order_events_append_only()`,
      `ALTER TABLE order_events DROP CONSTRAINT order_events_assessment_order_id_fkey`,
      `ALTER TABLE order_events ADD CONSTRAINT order_events_assessment_order_id_fkey
        FOREIGN KEY (assessment_order_id) REFERENCES assessment_orders (id) ON DELETE RESTRICT`,
      `ALTER TABLE order_events DROP CONSTRAINT order_events_actor_user_id_fkey`,
      `ALTER TABLE order_events ADD CONSTRAINT order_events_actor_user_id_fkey
        FOREIGN KEY (actor_user_id) REFERENCES users (id) ON DELETE RESTRICT`,
    ],
  },
  {
    // Issue 35 F6: a claimed Idempotency-Key is a lease its request renews while it runs; once a lease has lapsed (its
    // server was killed) a retry takes the key over. lease_holder names the claim, so a request whose lease was
    // taken over can no longer store its answer or release the key. Claims made before this version have no lease
    // and count as lapsed.
    // Issue 35 F11: whether the outbox keeps emailed links whole (demo mode, whose outbox page shows them) or with
    // their token removed; one row, set by the server at start.
    version: 280,
    name: 'idempotency key leases; outbox keeps tokens only in demo mode',
    statements: [
      `ALTER TABLE idempotency_keys ADD COLUMN lease_holder text NULL`,
      `ALTER TABLE idempotency_keys ADD COLUMN lease_until timestamptz NULL`,
      `CREATE TABLE outbox_settings (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        keeps_links boolean NOT NULL DEFAULT false
      )`,
      `INSERT INTO outbox_settings DEFAULT VALUES`,
    ],
  },
  {
    // Issue 35 F7: the client log keeps catalogue codes only. Entries stored before may quote free text (names,
    // dates, addresses), so they go; anonymous and signed-in entries are trimmed apart, each by its newest ids.
    version: 290,
    name: 'client log codes only, anonymous entries apart',
    statements: [
      `DELETE FROM client_logs`,
      `CREATE INDEX client_logs_anonymous_idx ON client_logs (id) WHERE session_id IS NULL`,
      `CREATE INDEX client_logs_signed_in_idx ON client_logs (id) WHERE session_id IS NOT NULL`,
    ],
  },
  {
    // Issue 35 F1: the server chains the audit trail itself (server/audit/audit.ts), under the same advisory lock and
    // to the same canonical text, so many entries cost one INSERT instead of one trigger run each; on PGlite the
    // trigger made a recorded list page four times slower. Append-only stays the database's rule.
    version: 350,
    name: 'audit chain written by the server',
    statements: [`DROP TRIGGER audit_events_chain ON audit_events`, `DROP FUNCTION audit_events_chain()`],
  },
  {
    // Issue 35 F1: AUDIT_RETENTION_YEARS lengthens what the database keeps. The server writes it here at start; the
    // append-only trigger refuses deleting any entry younger than it, and it is never below HIPAA's six years.
    version: 360,
    name: 'audit retention set by the server',
    statements: [
      `CREATE TABLE audit_settings (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        retention_years integer NOT NULL DEFAULT 6 CHECK (retention_years >= 6)
      )`,
      `INSERT INTO audit_settings DEFAULT VALUES`,
      `CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' AND OLD.at < now() - make_interval(years => greatest(6,
            coalesce((SELECT retention_years FROM audit_settings), 6))) THEN
            RETURN OLD;
          END IF;
          RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP;
        END $$`,
    ],
  },
  {
    // Issue 38: SMART Backend Services. A backend client is registered by an administrator for one provider service
    // with its public key set; a used assertion id (jti) is kept until the assertion's own expiry, so a replay is
    // refused on every server sharing the database; access tokens are stored hashed, like sessions. A bulk export is
    // a job row only: its files are read from the database when downloaded, never kept.
    version: 380,
    name: 'FHIR backend clients, assertion ids, access tokens and export jobs',
    statements: [
      `CREATE TABLE fhir_clients (
        id serial PRIMARY KEY,
        client_id text NOT NULL UNIQUE,
        provider_service_id integer NOT NULL REFERENCES provider_services (id) ON DELETE CASCADE,
        name text NOT NULL,
        jwks jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by_user_id integer NULL REFERENCES users (id) ON DELETE SET NULL,
        revoked_at timestamptz NULL,
        revoked_by_user_id integer NULL REFERENCES users (id) ON DELETE SET NULL
      )`,
      `CREATE INDEX fhir_clients_provider_service ON fhir_clients (provider_service_id)`,
      `CREATE TABLE fhir_assertion_ids (
        client_id integer NOT NULL REFERENCES fhir_clients (id) ON DELETE CASCADE,
        jti text NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (client_id, jti)
      )`,
      `CREATE INDEX fhir_assertion_ids_expires_at ON fhir_assertion_ids (expires_at)`,
      `CREATE TABLE fhir_access_tokens (
        id serial PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        client_id integer NOT NULL REFERENCES fhir_clients (id) ON DELETE CASCADE,
        scope text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX fhir_access_tokens_expires_at ON fhir_access_tokens (expires_at)`,
      `CREATE TABLE fhir_export_jobs (
        id text PRIMARY KEY,
        client_id integer NOT NULL REFERENCES fhir_clients (id) ON DELETE CASCADE,
        provider_service_id integer NOT NULL REFERENCES provider_services (id) ON DELETE CASCADE,
        resource_types text[] NOT NULL,
        since timestamptz NULL,
        request_url text NOT NULL,
        transaction_time timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX fhir_export_jobs_expires_at ON fhir_export_jobs (expires_at)`,
    ],
  },
  {
    // Issue 35 F1, throughput: appending a batch of entries is one statement, not a transaction of three. Under the
    // chain's lock (held to the end of the caller's transaction, or of this statement alone) the function reads the
    // last entry afresh and writes the batch only if the server chained it to that very entry; otherwise it writes
    // nothing and answers the last entry, which the server chains to and sends again (server/audit/audit.ts).
    // A function's plans are made once per connection, at its first call: then the trail may be empty and a scan of
    // the whole table the cheapest way to its last entry, which would stay the plan while the table grows (each append
    // slower than the one before). Without sequential scans the last entry is always read from the primary key's end.
    // Issue 35 F2, its strong form: every attempt at a staff password is numbered (login_attempts, refused ones
    // too), and a lock remembers the attempt that set it (lock_attempt). A right password then signs in only if no
    // lock is in force when its slow check ends, or the lock is one its own burst set and no attempt came after it:
    // withdrawing its own count leaves too few failures to lock, and nobody was turned away meanwhile.
    version: 390,
    name: 'audit entries appended in one statement; staff attempts numbered',
    statements: [
      `ALTER TABLE users ADD COLUMN login_attempts bigint NOT NULL DEFAULT 0`,
      `ALTER TABLE users ADD COLUMN lock_attempt bigint NULL`,
      `CREATE FUNCTION audit_append(expected_sequence bigint, expected_hash text, entries jsonb)
        RETURNS TABLE (last_sequence bigint, last_hash text) LANGUAGE plpgsql VOLATILE SET enable_seqscan = off AS $$
        DECLARE
          head_sequence bigint;
          head_hash text;
        BEGIN
          PERFORM pg_advisory_xact_lock(7305035);
          SELECT e.sequence, e.hash INTO head_sequence, head_hash FROM audit_events e ORDER BY e.sequence DESC LIMIT 1;
          head_sequence := COALESCE(head_sequence, 0);
          head_hash := COALESCE(head_hash, '');
          IF head_sequence <> expected_sequence OR head_hash <> expected_hash THEN
            last_sequence := head_sequence;
            last_hash := head_hash;
            RETURN NEXT;
            RETURN;
          END IF;
          IF (entries->0->>'sequence')::bigint IS DISTINCT FROM head_sequence + 1
            OR entries->0->>'prev_hash' IS DISTINCT FROM head_hash THEN
            RAISE EXCEPTION 'audit_append: the first entry does not follow entry %', head_sequence;
          END IF;
          INSERT INTO audit_events SELECT * FROM jsonb_populate_recordset(NULL::audit_events, entries);
        END $$`,
    ],
  },
  {
    // Issue 35: a staff session that times out (idle, absolute end, a handed-over tablet left unattended) is a
    // "session end" entry of the trail, written once: end_recorded_at says it was. The partial index holds only the
    // live staff sessions whose end is still to be recorded, which the sweep reads.
    // A swapped token (refresh) stays usable until swap_grace_ends_at, so a reload whose answer was lost does not
    // sign the person out; a second swap within it answers the same new token, derived from the old token and
    // swap_salt (server/auth/session-service.ts). lineage_id is the first session of a chain of swaps: logout ends
    // the whole chain at once.
    version: 410,
    name: 'session ends recorded in the audit trail; a grace after a token swap',
    statements: [
      `ALTER TABLE sessions ADD COLUMN end_recorded_at timestamptz NULL`,
      `ALTER TABLE sessions ADD COLUMN swap_grace_ends_at timestamptz NULL`,
      `ALTER TABLE sessions ADD COLUMN swap_salt text NULL`,
      `ALTER TABLE sessions ADD COLUMN lineage_id integer NULL`,
      `CREATE INDEX sessions_lineage ON sessions (lineage_id) WHERE lineage_id IS NOT NULL`,
      `CREATE INDEX sessions_end_unrecorded ON sessions (expires_at)
        WHERE user_id IS NOT NULL AND revoked_at IS NULL AND swap_grace_ends_at IS NULL AND end_recorded_at IS NULL`,
    ],
  },
];

/** Any fixed number: several server processes on one PostgreSQL must not migrate at the same time. */
const migrationLockKey = 7_305_011;

/**
 * Applies the migrations not yet recorded in schema_migrations, all in one transaction, so a
 * failed start leaves the database as it was and a second start on the same data changes nothing.
 */
export async function runMigrations(db: Db, list: readonly Migration[] = migrations): Promise<number[]> {
  list.forEach((migration, index) => {
    const previous = list[index - 1];
    if (previous && migration.version <= previous.version) {
      throw new Error(
        `Migration versions must increase: ${String(migration.version)} after ${String(previous.version)}`,
      );
    }
  });

  return db.tx(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const newlyApplied: number[] = [];
    for (const migration of list) {
      if (applied.has(migration.version)) continue;
      for (const statement of migration.statements) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      newlyApplied.push(migration.version);
    }
    return newlyApplied;
  });
}
