import { describe, expect, it } from 'vitest';
import type { CardTask, TaskRecord, TestRecord, Trial } from '../contract';
import { changeFromBaseline, scorePatientTests, scoreTask, scoreTest, type FinishedTest } from './scoring';

type TrialSpec = Partial<Trial> & { rt?: number | null };

function trial(index: number, spec: TrialSpec): Trial {
  const answer = spec.answer === undefined ? 'yes' : spec.answer;
  return {
    index,
    practice: spec.practice ?? false,
    stimulus: 'QH',
    expected: spec.expected ?? 'yes',
    answer,
    responseTimeMs: spec.rt === undefined ? 500 : spec.rt,
    anticipation: spec.anticipation ?? false,
    miss: spec.miss ?? false,
  };
}

function task(name: CardTask, specs: TrialSpec[], finished = true): TaskRecord {
  return { task: name, form: 'demo', finished, trials: specs.map((spec, index) => trial(index, spec)) };
}

const correctIn = (rt: number): TrialSpec => ({ rt });
const wrongIn = (rt: number): TrialSpec => ({ rt, answer: 'no' });
const miss: TrialSpec = { answer: null, rt: null, miss: true };
const anticipation: TrialSpec = { rt: 40, anticipation: true };

function record(tasks: TaskRecord[], deviceClass: TestRecord['session']['deviceClass'] = 'tablet'): TestRecord {
  return { session: { deviceClass, inputType: 'touch', refreshHz: 60, interruptions: [] }, tasks };
}

/** Four correct trials whose mean log10 response time is exactly `log10`. */
const speedTask = (name: CardTask, log10: number) =>
  task(
    name,
    Array.from({ length: 4 }, () => correctIn(10 ** log10)),
  );
/** Eight trials with `correct` of them right (arcsine accuracy asin √(correct/8)). */
const accuracyTask = (name: CardTask, correct: number) =>
  task(
    name,
    Array.from({ length: 8 }, (_, index) => (index < correct ? correctIn(800) : wrongIn(800))),
  );

describe('scoreTask', () => {
  it('scores speed as the mean log10 of correct times and accuracy as arcsine √p, ignoring practice', () => {
    const score = scoreTask(
      task('identification', [
        { practice: true, rt: 50, answer: 'no' },
        correctIn(100),
        correctIn(1000),
        correctIn(10_000),
        wrongIn(500),
      ]),
      [],
    );
    expect(score).toMatchObject({ trials: 4, responses: 4, correct: 3, anticipations: 0, misses: 0, accuracy: 0.75 });
    // (log10 100 + log10 1000 + log10 10000) / 3 = (2 + 3 + 4) / 3
    expect(score.speedLog10).toBeCloseTo(3, 10);
    expect(score.meanCorrectMs).toBeCloseTo(1000, 6);
    // asin(√0.75) = π/3
    expect(score.accuracyArcsine).toBeCloseTo(Math.PI / 3, 10);
    // 75 % is under the 80 % integrity threshold of Identification.
    expect(score.flags).toEqual(['lowAccuracy']);
    expect(score.valid).toBe(false);
  });

  it('passes a task at its integrity threshold', () => {
    const score = scoreTask(accuracyTask('oneCardLearning', 4), []);
    expect(score.accuracy).toBe(0.5);
    expect(score.accuracyArcsine).toBeCloseTo(Math.PI / 4, 10);
    expect(score.flags).toEqual([]);
    expect(score.valid).toBe(true);
  });

  it('has no speed without a correct response', () => {
    const score = scoreTask(task('detection', [wrongIn(300), wrongIn(400), wrongIn(500), wrongIn(600)]), []);
    expect(score).toMatchObject({ responses: 4, correct: 0, accuracy: 0, accuracyArcsine: 0, speedLog10: null });
    expect(score.meanCorrectMs).toBeNull();
    expect(score.flags).toEqual(['lowAccuracy']);
  });

  it('counts all anticipations as no responses at all', () => {
    const score = scoreTask(task('detection', [anticipation, anticipation, anticipation, anticipation]), []);
    expect(score).toMatchObject({ responses: 0, anticipations: 4, accuracy: null, accuracyArcsine: null });
    expect(score.flags).toEqual(['tooFewResponses', 'lowAccuracy', 'manyAnticipations']);
  });

  it('does not count a correct answer under 100 ms as speed', () => {
    const score = scoreTask(task('detection', [correctIn(99), correctIn(1000), correctIn(1000), correctIn(1000)]), []);
    expect(score.correct).toBe(4);
    expect(score.speedLog10).toBeCloseTo(3, 10);
  });

  it('flags a task left early, and too many misses', () => {
    expect(scoreTask(task('oneBack', [correctIn(700), correctIn(700)], false), []).flags).toEqual(['leftEarly']);
    // 3 answers of 4 trials is the least (75 %); 2 of 4 is too few.
    expect(scoreTask(task('oneBack', [miss, correctIn(700), correctIn(700), correctIn(700)]), []).flags).toEqual([]);
    const missed = scoreTask(task('oneBack', [miss, miss, correctIn(700), correctIn(700)]), []);
    expect(missed).toMatchObject({ misses: 2, responses: 2, flags: ['tooFewResponses'] });
  });

  it('flags a task during which the page was hidden, not one where it only lost focus', () => {
    const record = accuracyTask('oneBack', 8);
    expect(scoreTask(record, [{ kind: 'hidden', task: 'oneBack', durationMs: 3000 }]).flags).toEqual(['pageHidden']);
    expect(scoreTask(record, [{ kind: 'hidden', task: 'detection', durationMs: 3000 }]).flags).toEqual([]);
    expect(scoreTask(record, [{ kind: 'blur', task: 'oneBack', durationMs: 3000 }]).flags).toEqual([]);
  });
});

describe('scoreTest', () => {
  it('makes composites as standard scores of the mean z against the reference values', () => {
    const score = scoreTest(
      record([
        // Reference means: Detection 2.55 (SD 0.09), Identification 2.74 (SD 0.07) in log10 ms.
        speedTask('detection', 2.64),
        speedTask('identification', 2.74),
        accuracyTask('oneCardLearning', 8),
        accuracyTask('oneBack', 8),
      ]),
      { setting: 'clinic' },
    );
    expect(score.valid).toBe(true);
    expect(score.flags).toEqual([]);
    const [psychomotor, learning] = score.composites;
    // Detection one SD slower (z = −1), Identification at the mean (z = 0): 100 + 15 × −0.5.
    expect(psychomotor?.score).toBeCloseTo(92.5, 8);
    // All correct: asin(1) = π/2; OCL z = (π/2 − 0.96) / 0.1, One Back z = (π/2 − 1.3) / 0.15.
    const expected = 100 + (15 * ((Math.PI / 2 - 0.96) / 0.1 + (Math.PI / 2 - 1.3) / 0.15)) / 2;
    expect(learning?.score).toBeCloseTo(expected, 8);
  });

  it('leaves out a composite whose tasks the battery lacks, and has none from an invalid task', () => {
    const score = scoreTest(record([accuracyTask('oneCardLearning', 2), accuracyTask('oneBack', 8)], 'phone'), {
      setting: 'home',
      baselineDeviceClass: 'tablet',
    });
    expect(score.composites).toEqual([{ composite: 'learningWorkingMemory', score: null }]);
    expect(score.flags).toEqual(['invalidTask', 'atHome', 'deviceChanged']);
    expect(score.valid).toBe(false);
  });
});

describe('change from baseline', () => {
  const withComposites = (psychomotor: number | null, learning: number | null) => ({
    ...scoreTest(record([speedTask('detection', 2.55)]), { setting: 'clinic' }),
    composites: [
      { composite: 'psychomotorAttention' as const, score: psychomotor },
      { composite: 'learningWorkingMemory' as const, score: learning },
    ],
  });

  it('is reliable beyond 1.645 × 15 × √(2 × (1 − r))', () => {
    // Psychomotor/attention r = 0.8: threshold 15.606…; learning/working memory r = 0.7: threshold 19.113…
    const change = changeFromBaseline(withComposites(100, 100), withComposites(84, 81));
    expect(change).toEqual([
      { composite: 'psychomotorAttention', difference: -16, reliableChange: 'decline' },
      { composite: 'learningWorkingMemory', difference: -19, reliableChange: 'none' },
    ]);
    expect(changeFromBaseline(withComposites(100, 100), withComposites(115, 120))).toEqual([
      { composite: 'psychomotorAttention', difference: 15, reliableChange: 'none' },
      { composite: 'learningWorkingMemory', difference: 20, reliableChange: 'improvement' },
    ]);
  });

  it('has no change where either score is missing', () => {
    expect(changeFromBaseline(withComposites(null, 100), withComposites(90, null))).toEqual([
      { composite: 'psychomotorAttention', difference: null, reliableChange: null },
      { composite: 'learningWorkingMemory', difference: null, reliableChange: null },
    ]);
  });

  it('takes the first valid test as the baseline', () => {
    const test = (id: number, tasks: TaskRecord[], deviceClass: 'phone' | 'tablet' = 'tablet'): FinishedTest => ({
      assessmentId: id,
      completedDateTime: `2025-0${String(id)}-01T10:00:00.000Z`,
      batteryCode: 'FullCBB',
      language: 'en-US',
      setting: 'clinic',
      record: record(tasks, deviceClass),
    });
    const scored = scorePatientTests([
      test(1, [task('detection', [anticipation, anticipation, anticipation, anticipation])]),
      test(2, [speedTask('detection', 2.55), speedTask('identification', 2.74)]),
      test(3, [speedTask('detection', 2.73), speedTask('identification', 2.74)], 'phone'),
    ]);
    expect(scored.map((entry) => entry.isBaseline)).toEqual([false, true, false]);
    expect(scored[0]?.change).toBeNull();
    expect(scored[1]?.change).toBeNull();
    expect(scored[2]?.score.flags).toEqual(['deviceChanged']);
    // Detection two SDs slower: 100 + 15 × (−2 + 0) / 2 = 85, 15 below the baseline's 100: not reliable.
    expect(scored[2]?.change?.[0]?.difference).toBeCloseTo(-15, 8);
    expect(scored[2]?.change?.[0]?.reliableChange).toBe('none');
  });
});
