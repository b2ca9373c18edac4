import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ComparisonCaveat, PatientProfile, PatientResultsSummary, ScoredTest } from '#common/contract';
import { ApiError } from '../../shared/api/http';
import { SessionStore } from '../../shared/auth/session-store';
import { authResult, testPatient } from '../../shared/testing/factories';
import { fakeHttp } from '../../shared/testing/fake-http';
import { renderApp } from '../../shared/testing/render';
import { onWideScreen } from '../../shared/testing/wide-screen';
import { LatestResultSummary } from './results-summary-latest';
import { ResultsSummaryList } from './results-summary-list';
import { sortSummaryRows, type SummaryRow } from './results-summary-model';

vi.setConfig({ testTimeout: 30_000 });

function patient(id: number, name: string): PatientProfile {
  const [firstName = name, lastName = ''] = name.split(' ');
  return testPatient({
    id,
    firstName,
    lastName,
    shortName: name,
    name,
    lastAssessmentOrderCompletionDate: '2026-10-26T10:00:00Z',
  });
}

interface TestSpec {
  id: number;
  date: string;
  valid?: boolean;
  psychomotor: number;
  /** Change of the psychomotor composite; undefined for a test that is not compared. */
  change?: number;
  reliable?: 'decline' | 'improvement' | 'none';
  caveats?: ComparisonCaveat[];
  setting?: 'home' | 'clinic';
  device?: 'phone' | 'tablet';
  isBaseline?: boolean;
}

/** A scored test by hand: only what the summary reads (the scoring itself is tested in shared/lib/scoring). */
function scored(spec: TestSpec): ScoredTest {
  const valid = spec.valid ?? true;
  const compared = spec.change !== undefined;
  return {
    assessmentId: spec.id,
    completedDateTime: spec.date,
    batteryCode: 'FullCBB',
    language: 'en-US',
    isBaseline: spec.isBaseline ?? false,
    score: {
      tasks: valid
        ? []
        : [
            {
              task: 'detection',
              trials: 8,
              responses: 8,
              correct: 8,
              anticipations: 6,
              misses: 0,
              accuracy: 1,
              speedLog10: 2.5,
              accuracyArcsine: 1.5,
              meanCorrectMs: 316,
              flags: ['manyAnticipations'],
              valid: false,
            },
          ],
      composites: [
        { composite: 'psychomotorAttention', score: valid ? spec.psychomotor : null },
        { composite: 'learningWorkingMemory', score: valid ? 100 : null },
      ],
      flags: [],
      valid,
      deviceClass: spec.device ?? 'tablet',
      setting: spec.setting ?? 'clinic',
    },
    change: compared
      ? [
          {
            composite: 'psychomotorAttention',
            difference: spec.change ?? null,
            reliableChange: spec.reliable ?? 'none',
          },
          { composite: 'learningWorkingMemory', difference: 0, reliableChange: 'none' },
        ]
      : null,
    comparison: compared
      ? {
          baselineAssessmentId: 1,
          baselineCompletedDateTime: '2025-01-10T10:00:00Z',
          baselineSetting: 'clinic',
          baselineDeviceClass: 'tablet',
          caveats: spec.caveats ?? [],
        }
      : null,
  };
}

const rosa = patient(1, 'Rosa Alvarez');
const ben = patient(2, 'Ben Okafor');
const cleo = patient(3, 'Cleo Park');
const dan = patient(4, 'Dan Ruiz');

/** Rosa: a home phone test flagged against a clinic tablet baseline, then a test that is not valid. */
const rosaHome = scored({
  id: 11,
  date: '2026-09-01T10:00:00Z',
  psychomotor: 65.7,
  change: -37.9,
  reliable: 'decline',
  caveats: ['settingDiffers', 'deviceDiffers'],
  setting: 'home',
  device: 'phone',
});
const rosaInvalid = scored({ id: 12, date: '2026-10-26T10:00:00Z', valid: false, psychomotor: 78.2 });
const summaries: PatientResultsSummary[] = [
  { patientId: 1, testCount: 3, latest: rosaInvalid, latestValid: rosaHome },
  {
    patientId: 2,
    testCount: 2,
    latest: scored({ id: 21, date: '2026-10-01T10:00:00Z', psychomotor: 95, change: -8, reliable: 'none' }),
    latestValid: scored({ id: 21, date: '2026-10-01T10:00:00Z', psychomotor: 95, change: -8, reliable: 'none' }),
  },
  {
    patientId: 3,
    testCount: 2,
    latest: scored({ id: 31, date: '2026-10-02T10:00:00Z', psychomotor: 70, change: -40.5, reliable: 'decline' }),
    latestValid: scored({ id: 31, date: '2026-10-02T10:00:00Z', psychomotor: 70, change: -40.5, reliable: 'decline' }),
  },
  {
    patientId: 4,
    testCount: 1,
    latest: scored({ id: 41, date: '2026-10-03T10:00:00Z', psychomotor: 101, isBaseline: true }),
    latestValid: scored({ id: 41, date: '2026-10-03T10:00:00Z', psychomotor: 101, isBaseline: true }),
  },
];

describe('sortSummaryRows (issue 33: who declined since baseline is one click)', () => {
  const rows: SummaryRow[] = [rosa, ben, cleo, dan].map((shown) => ({
    patient: shown,
    summary: summaries.find((summary) => summary.patientId === shown.id) ?? null,
  }));
  const names = (sorted: SummaryRow[]) => sorted.map((row) => row.patient.name);

  it('puts the largest decline first by change ascending, and a patient never compared last either way', () => {
    expect(names(sortSummaryRows(rows, { orderBy: 'psychomotorAttention.change', ascending: true }))).toEqual([
      'Cleo Park',
      'Rosa Alvarez',
      'Ben Okafor',
      'Dan Ruiz',
    ]);
    expect(names(sortSummaryRows(rows, { orderBy: 'psychomotorAttention.change', ascending: false }))).toEqual([
      'Ben Okafor',
      'Rosa Alvarez',
      'Cleo Park',
      'Dan Ruiz',
    ]);
  });

  it('sorts by validity (not valid first), by latest score, and by the last test date', () => {
    expect(names(sortSummaryRows(rows, { orderBy: 'validity', ascending: true }))[0]).toBe('Rosa Alvarez');
    expect(names(sortSummaryRows(rows, { orderBy: 'psychomotorAttention.score', ascending: true }))).toEqual([
      'Rosa Alvarez',
      'Cleo Park',
      'Ben Okafor',
      'Dan Ruiz',
    ]);
    expect(names(sortSummaryRows(rows, { orderBy: 'lastTest', ascending: false }))[0]).toBe('Rosa Alvarez');
  });

  it('keeps rows without a summary (the call failed) and sorts them last', () => {
    const without = rows.map((row) => (row.patient.id === 3 ? { ...row, summary: null } : row));
    expect(names(sortSummaryRows(without, { orderBy: 'psychomotorAttention.change', ascending: true }))).toEqual([
      'Rosa Alvarez',
      'Ben Okafor',
      'Cleo Park',
      'Dan Ruiz',
    ]);
  });
});

function clinicianStore(): SessionStore {
  const store = new SessionStore(window.sessionStorage, 'cgm');
  store.signIn(authResult({ entitlements: ['listPatients', 'viewReport'], user: { role: 'Healthcare Clinician' } }));
  return store;
}

function renderList(summaryAnswer: () => unknown) {
  const { http, calls } = fakeHttp((call) => {
    if (call.path.startsWith('/api/profile/patients/withresults')) {
      return { dataList: [rosa, ben, cleo, dan], count: 4 };
    }
    if (call.path.startsWith('/api/profile/patients/results/summary')) return summaryAnswer();
    return undefined;
  });
  const view = renderApp(
    [
      {
        path: '/cgm/manage/patientsresults',
        element: <ResultsSummaryList label="Patients with results" errorMessage="Could not load." />,
      },
    ],
    { store: clinicianStore(), http, initialEntries: ['/cgm/manage/patientsresults'] },
  );
  return { ...view, calls };
}

const dataRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the Results tab (issue 33)', () => {
  onWideScreen();

  it("shows each patient's last test, validity, scores and change with flags; one click on change lists the largest decline first", async () => {
    const { user, calls } = renderList(() => ({ patients: summaries }));
    const table = await screen.findByRole('table', { name: /Patients with results: last test/ });
    const rosaRow = await within(table).findByRole('row', { name: /Rosa Alvarez/ });
    // Her last test is not valid and lends nothing; her flagged home test carries its caveat.
    expect(rosaRow).toHaveTextContent('Oct 26, 2026');
    expect(within(rosaRow).getByText('Not valid')).toBeInTheDocument();
    expect(rosaRow).toHaveTextContent('65.7 (from Sep 01, 2026)');
    expect(rosaRow).toHaveTextContent('-37.9 Reliable decline');
    // Both composites' changes are against the same clinic tablet baseline: each carries the mark.
    expect(
      within(rosaRow).getAllByRole('button', {
        name: '(Taken at home on a phone; baseline in the clinic on a tablet.)',
      }),
    ).toHaveLength(2);
    // A comparable decline carries no caveat mark.
    const cleoRow = within(table).getByRole('row', { name: /Cleo Park/ });
    expect(cleoRow).toHaveTextContent('-40.5 Reliable decline');
    expect(within(cleoRow).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Dan Ruiz/ })).toHaveTextContent('Baseline');
    expect(calls.some((call) => call.path === '/api/profile/patients/results/summary?ids=1,2,3,4')).toBe(true);

    await user.click(
      within(table).getByRole('button', {
        name: 'Psychomotor function and attention: change from baseline, Not sorted',
      }),
    );
    expect(dataRows(table).map((row) => within(row).getAllByRole('link')[0]?.textContent)).toEqual([
      'Cleo Park',
      'Rosa Alvarez',
      'Ben Okafor',
      'Dan Ruiz',
    ]);
    expect(
      within(table)
        .getByRole('button', { name: /change from baseline, Sorted ascending/ })
        .closest('th'),
    ).toHaveAttribute('aria-sort', 'ascending');
  });

  it('keeps the rows, without scores and under a short note, when the summary call fails', async () => {
    renderList(() => {
      throw new ApiError({ status: 404, code: 'NOT_FOUND', serverMessage: null, path: '/summary' });
    });
    expect(await screen.findByText(/The scores could not be loaded/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Patients with results/ });
    expect(dataRows(table)).toHaveLength(4);
    expect(within(table).queryByText(/Reliable decline/)).not.toBeInTheDocument();
  });
});

describe('the Results tab on a phone (issue 33)', () => {
  it('shows one card per patient with labelled facts, and sorting by change lists the largest decline first', async () => {
    const { user } = renderList(() => ({ patients: summaries }));
    const list = await screen.findByRole('list', { name: /Patients with results: last test/ });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await within(list).findAllByText(/Reliable decline/);
    const firstNames = () =>
      within(list)
        .getAllByRole('listitem')
        .map((card) => within(card).getAllByRole('link')[0]?.textContent);
    expect(firstNames()[0]).toBe('Rosa Alvarez');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Psychomotor function and attention: change from baseline',
    );
    expect(firstNames()).toEqual(['Cleo Park', 'Rosa Alvarez', 'Ben Okafor', 'Dan Ruiz']);
    const [cleo] = within(list).getAllByRole('listitem');
    expect(cleo).toHaveTextContent('Psychomotor function and attention: change from baseline-40.5 Reliable decline');
  });
});

describe("the patient's latest result (issue 33)", () => {
  function renderLatest(tests: ScoredTest[]) {
    const { http } = fakeHttp({ 'GET /api/profile/patients/1/results': { tests } });
    return renderApp([{ path: '/cgm/manage/patient/1', element: <LatestResultSummary patientId={1} /> }], {
      store: clinicianStore(),
      http,
      initialEntries: ['/cgm/manage/patient/1'],
    });
  }

  it('says the last test is not valid and why, then the last valid one with its flag and caveat in words', async () => {
    renderLatest([
      scored({ id: 10, date: '2025-01-10T10:00:00Z', psychomotor: 103.6, isBaseline: true }),
      rosaHome,
      rosaInvalid,
    ]);
    const section = await screen.findByRole('region', { name: 'Latest result' });
    expect(section).toHaveTextContent('Oct 26, 2026, taken in the clinic on a tablet Not valid');
    expect(within(section).getByRole('listitem')).toHaveTextContent(
      'Detection: too many answers before the card showed.',
    );
    expect(section).toHaveTextContent('Latest valid test, Sep 01, 2026:');
    const row = within(section).getByRole('row', { name: /Psychomotor function and attention/ });
    expect(row).toHaveTextContent('-37.9 Reliable decline');
    expect(row).toHaveTextContent('Taken at home on a phone; baseline in the clinic on a tablet.');
    expect(within(section).getByRole('link', { name: 'See all results over time' })).toHaveAttribute(
      'href',
      '#results-over-time-title',
    );
  });

  it('shows nothing for a patient without a scored test', async () => {
    const view = renderLatest([]);
    await view.router.navigate('/cgm/manage/patient/1');
    expect(screen.queryByRole('region', { name: 'Latest result' })).not.toBeInTheDocument();
  });
});
