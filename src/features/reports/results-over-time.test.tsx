import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { batteryTasks, type ScoredTest, type TestSetting } from '#common/contract';
import { SessionStore } from '../../shared/auth/session-store';
import { scorePatientTests, simulateTest, type SimulatedPerson } from '#common/scoring';
import { fakeHttp } from '../../shared/testing/fake-http';
import { authResult } from '../../shared/testing/factories';
import { renderApp } from '../../shared/testing/render';
import { dateTicks } from './results-chart';
import { ResultsOverTime } from './results-over-time';

/**
 * Issue 33: the table beside the chart holds the chart's facts (each flag with its caveat in words, why a test is
 * not valid, the baseline), and "How is this calculated?" states the method with the scoring code's numbers.
 */
function history(): ScoredTest[] {
  const visit = (
    id: number,
    date: string,
    person: SimulatedPerson,
    setting: TestSetting,
    deviceClass: 'tablet' | 'phone',
    hidden = false,
  ) => ({
    assessmentId: id,
    completedDateTime: `${date}T15:00:00.000Z`,
    batteryCode: 'FullCBB',
    language: 'en-US',
    setting,
    record: simulateTest(batteryTasks.FullCBB ?? [], person, {
      seed: id,
      deviceClass,
      hiddenDuring: hidden ? 'oneBack' : undefined,
    }),
  });
  return scorePatientTests([
    visit(1, '2025-03-06', { speedZ: 0.3, accuracyZ: 0.3 }, 'clinic', 'tablet'),
    visit(2, '2026-05-30', { speedZ: -2, accuracyZ: 0.3 }, 'home', 'phone'),
    // Slower still, but the page was hidden during One back: not valid, so never compared.
    visit(3, '2026-10-26', { speedZ: -2.5, accuracyZ: 0.3 }, 'home', 'phone', true),
  ]);
}

function renderResults(tests: ScoredTest[]) {
  const session = new SessionStore(window.sessionStorage, 'cgm');
  session.signIn(authResult({ entitlements: ['viewReport'] }));
  const { http } = fakeHttp({ 'GET /api/profile/patients/7/results': { tests } });
  return renderApp([{ path: '/cgm', element: <ResultsOverTime patientId={7} /> }], { store: session, http });
}

const caveat = 'Taken at home on a phone; baseline in the clinic on a tablet.';

describe('ResultsOverTime (issue 33)', () => {
  it('puts the caveat beside a flag against another setting and device, in the table and in the chart’s text', async () => {
    const tests = history();
    // The scoring behind the page, checked first so the test says what it relies on.
    expect(tests[1]?.change?.[0]?.reliableChange).toBe('decline');
    renderResults(tests);

    const table = await screen.findByRole('table', { name: /Composite scores per test date/ });
    const row = within(table).getByRole('row', { name: /May 30, 2026/ });
    const psychomotor = within(row).getAllByRole('cell')[0];
    expect(psychomotor).toHaveTextContent(/\([−-]\d+\.\d\)/);
    expect(psychomotor).toHaveTextContent('Reliable decline');
    expect(psychomotor).toHaveTextContent(caveat);
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('Taken at home on a phone.');

    const chart = screen.getByRole('img', { name: /Chart of the composite scores over time/ });
    expect(chart).toHaveAccessibleDescription(
      new RegExp(
        `May 30, 2026, Psychomotor function and attention: Reliable decline \\([−-]\\d+\\.\\d\\)\\. ${caveat}`,
      ),
    );
  });

  it('shows a test that is not valid as “Not valid” with the reasons in words, never with a change or a flag', async () => {
    renderResults(history());
    const table = await screen.findByRole('table', { name: /Composite scores per test date/ });

    const invalid = within(table).getByRole('row', { name: /Oct 26, 2026/ });
    const [psychomotor, learning, status] = within(invalid).getAllByRole('cell');
    // Its psychomotor score stands (those tasks were fine), but nothing compares it with the baseline.
    expect(psychomotor).toHaveTextContent(/^\d+\.\d$/);
    expect(learning).toHaveTextContent('Not scored');
    expect(invalid).not.toHaveTextContent('Reliable');
    expect(invalid).not.toHaveTextContent('baseline in the clinic');
    expect(status).toHaveTextContent('Not valid');
    expect(within(invalid).getByRole('listitem')).toHaveTextContent('One back: the test was left during the task.');

    const baseline = within(table).getByRole('row', { name: /Mar 06, 2025/ });
    expect(within(baseline).getAllByRole('cell')[2]).toHaveTextContent(
      /^BaselineValidTaken in the clinic on a tablet\.$/,
    );
    expect(screen.getByRole('img', { name: /Chart/ })).toHaveAccessibleDescription(
      /Oct 26, 2026: not valid, so not compared with the baseline\. One back: the test was left during the task\./,
    );
  });

  it('states the method in one click: reliable-change index, 90 %, the threshold per composite, the sources', async () => {
    const view = renderResults(history());
    const button = await screen.findByRole('button', { name: 'How is this calculated?' });
    await view.user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'How is this calculated?' });
    expect(dialog).toHaveTextContent('reliable-change index of Jacobson and Truax');
    expect(dialog).toHaveTextContent('Confidence level: 90%, two-tailed (z = 1.645).');
    const thresholds = within(dialog).getByRole('table', { name: /Smallest change from the baseline/ });
    // 1.645 × 15 × √(2 × (1 − r)): 15.6 points for r = 0.8, 19.1 for r = 0.7.
    expect(within(thresholds).getByRole('row', { name: /Psychomotor function and attention/ })).toHaveTextContent(
      '0.8015.6 points',
    );
    expect(within(thresholds).getByRole('row', { name: /Learning and working memory/ })).toHaveTextContent(
      '0.7019.1 points',
    );
    expect(dialog).toHaveTextContent('These are reference values, not clinical norms');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    expect(dialog).toHaveTextContent(/Jacobson NS, Truax P\. Clinical significance/);

    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'How is this calculated?' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(button).toHaveFocus();
    });
  });
});

describe('dateTicks', () => {
  it('puts the date axis’s ticks on the calendar’s month boundaries, at most eight, not at the tests', () => {
    const from = new Date(2025, 2, 5, 10).getTime();
    const to = new Date(2026, 9, 26, 10).getTime();
    const ticks = dateTicks(from, to).map((tick) => new Date(tick));
    expect(ticks.map((tick) => [tick.getFullYear(), tick.getMonth() + 1, tick.getDate()])).toEqual([
      [2025, 4, 1],
      [2025, 7, 1],
      [2025, 10, 1],
      [2026, 1, 1],
      [2026, 4, 1],
      [2026, 7, 1],
      [2026, 10, 1],
    ]);
    // A month's span holds one month boundary: that is its one tick.
    expect(dateTicks(new Date(2026, 0, 10).getTime(), new Date(2026, 1, 10).getTime())).toEqual([
      new Date(2026, 1, 1).getTime(),
    ]);
  });
});
