import { compositeSchema } from '../contract/results';
import type {
  CardTask,
  ComparisonCaveat,
  CompositeChange,
  CompositeScore,
  DeviceClass,
  Interruption,
  ScoredTest,
  TaskFlag,
  TaskRecord,
  TaskScore,
  TestFlag,
  TestRecord,
  TestScore,
  TestSetting,
} from '../contract';
import { referenceValues, type ReferenceValues } from './reference-values';

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Scores one task from its test trials (practice trials never count). */
export function scoreTask(
  record: TaskRecord,
  interruptions: readonly Interruption[],
  values: ReferenceValues = referenceValues,
): TaskScore {
  const trials = record.trials.filter((trial) => !trial.practice);
  const anticipations = trials.filter((trial) => trial.anticipation).length;
  const misses = trials.filter((trial) => trial.miss).length;
  const responses = trials.filter((trial) => trial.answer !== null && !trial.anticipation && !trial.miss);
  const correctTrials = responses.filter((trial) => trial.answer === trial.expected);
  const accuracy = responses.length === 0 ? null : correctTrials.length / responses.length;
  const speedLog10 = mean(
    correctTrials.flatMap((trial) =>
      trial.responseTimeMs !== null && trial.responseTimeMs >= values.anticipationMs
        ? [Math.log10(trial.responseTimeMs)]
        : [],
    ),
  );

  const flags: TaskFlag[] = [];
  if (!record.finished) flags.push('leftEarly');
  if (trials.length === 0 || responses.length < values.minResponseShare * trials.length) flags.push('tooFewResponses');
  if (accuracy === null || accuracy < values.integrityAccuracy[record.task]) flags.push('lowAccuracy');
  if (anticipations > values.maxAnticipationShare * trials.length) flags.push('manyAnticipations');
  if (interruptions.some((entry) => entry.kind === 'hidden' && entry.task === record.task)) flags.push('pageHidden');

  return {
    task: record.task,
    trials: trials.length,
    responses: responses.length,
    correct: correctTrials.length,
    anticipations,
    misses,
    accuracy,
    speedLog10,
    accuracyArcsine: accuracy === null ? null : Math.asin(Math.sqrt(accuracy)),
    meanCorrectMs: speedLog10 === null ? null : 10 ** speedLog10,
    flags,
    valid: flags.length === 0,
  };
}

/** The task's primary outcome as a z score against the reference values, higher always better. */
function taskZ(score: TaskScore, values: ReferenceValues): number | null {
  const reference = values.primary[score.task];
  const value = score[reference.measure];
  if (value === null) return null;
  const difference = reference.higherIsBetter ? value - reference.mean : reference.mean - value;
  return difference / reference.sd;
}

function compositesOf(tasks: readonly TaskScore[], values: ReferenceValues): CompositeScore[] {
  return compositeSchema.options.flatMap((composite) => {
    const members: readonly CardTask[] = values.composites[composite];
    const scores = tasks.filter((task) => members.includes(task.task));
    // A battery without the composite's tasks (the memory-only one) simply has no such composite.
    if (scores.length === 0) return [];
    const zs = scores.map((task) => (task.valid ? taskZ(task, values) : null));
    const zMean = zs.some((z) => z === null) || scores.length < members.length ? null : mean(zs as number[]);
    return [
      {
        composite,
        score: zMean === null ? null : values.compositeScale.mean + values.compositeScale.sd * zMean,
      },
    ];
  });
}

export interface TestContext {
  setting: TestSetting;
  /** The device class of the baseline test, when there is one to compare with. */
  baselineDeviceClass?: DeviceClass | null;
}

export function scoreTest(record: TestRecord, context: TestContext, values = referenceValues): TestScore {
  const tasks = record.tasks.map((task) => scoreTask(task, record.session.interruptions, values));
  const flags: TestFlag[] = [];
  if (tasks.some((task) => !task.valid)) flags.push('invalidTask');
  if (context.setting === 'home') flags.push('atHome');
  if (context.baselineDeviceClass && context.baselineDeviceClass !== record.session.deviceClass) {
    flags.push('deviceChanged');
  }
  return {
    tasks,
    composites: compositesOf(tasks, values),
    flags,
    valid: tasks.every((task) => task.valid),
    deviceClass: record.session.deviceClass,
    setting: context.setting,
  };
}

/**
 * Each composite's change from the baseline, with a reliable-change flag (Jacobson and Truax): the difference must
 * exceed z × SD × √(2 × (1 − r)) to be more than the test's own noise.
 */
export function changeFromBaseline(
  baseline: TestScore,
  current: TestScore,
  values: ReferenceValues = referenceValues,
): CompositeChange[] {
  return current.composites.map(({ composite, score }) => {
    const before = baseline.composites.find((entry) => entry.composite === composite)?.score ?? null;
    if (score === null || before === null) return { composite, difference: null, reliableChange: null };
    const difference = score - before;
    const threshold =
      values.reliableChangeZ * values.compositeScale.sd * Math.sqrt(2 * (1 - values.compositeReliability[composite]));
    const reliableChange = Math.abs(difference) <= threshold ? 'none' : difference < 0 ? 'decline' : 'improvement';
    return { composite, difference, reliableChange };
  });
}

export interface FinishedTest {
  assessmentId: number;
  completedDateTime: string;
  batteryCode: string;
  language: string | null;
  setting: TestSetting;
  record: TestRecord;
}

/** The caveats of comparing a test with its baseline: a different setting, a different class of device. */
export function comparisonCaveats(
  baseline: Pick<TestScore, 'setting' | 'deviceClass'>,
  current: Pick<TestScore, 'setting' | 'deviceClass'>,
): ComparisonCaveat[] {
  const caveats: ComparisonCaveat[] = [];
  if (baseline.setting !== current.setting) caveats.push('settingDiffers');
  if (baseline.deviceClass !== current.deviceClass) caveats.push('deviceDiffers');
  return caveats;
}

/**
 * A patient's tests, oldest first, scored. The rules a clinician relies on (issue 33):
 * - the baseline is the first valid test; every later valid test is compared with it;
 * - a test that is not valid is never compared and never flagged, even when one of its composites has a score;
 * - tests before the baseline (all of them invalid) have nothing to be compared with;
 * - every comparison carries its caveats (another setting, another class of device) with it.
 */
export function scorePatientTests(tests: readonly FinishedTest[], values = referenceValues): ScoredTest[] {
  let baseline: { test: FinishedTest; score: TestScore } | null = null;
  return tests.map((test) => {
    const score = scoreTest(
      test.record,
      { setting: test.setting, baselineDeviceClass: baseline?.score.deviceClass ?? null },
      values,
    );
    const isBaseline = baseline === null && score.valid;
    const compared = baseline !== null && score.valid ? baseline : null;
    if (isBaseline) baseline = { test, score };
    return {
      assessmentId: test.assessmentId,
      completedDateTime: test.completedDateTime,
      batteryCode: test.batteryCode,
      language: test.language,
      isBaseline,
      score,
      change: compared ? changeFromBaseline(compared.score, score, values) : null,
      comparison: compared
        ? {
            baselineAssessmentId: compared.test.assessmentId,
            baselineCompletedDateTime: compared.test.completedDateTime,
            baselineSetting: compared.score.setting,
            baselineDeviceClass: compared.score.deviceClass,
            caveats: comparisonCaveats(compared.score, score),
          }
        : null,
    };
  });
}
