import { compositeSchema } from '../../api/contract/results';
import type {
  CardTask,
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
} from '../../api/contract';
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
  setting: 'home' | 'clinic';
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
  setting: 'home' | 'clinic';
  record: TestRecord;
}

/** A patient's tests, oldest first, scored: the first valid test is the baseline every later test is compared with. */
export function scorePatientTests(tests: readonly FinishedTest[], values = referenceValues): ScoredTest[] {
  let baseline: TestScore | null = null;
  return tests.map((test) => {
    const score = scoreTest(
      test.record,
      { setting: test.setting, baselineDeviceClass: baseline?.deviceClass ?? null },
      values,
    );
    const isBaseline = baseline === null && score.valid;
    const change = baseline === null ? null : changeFromBaseline(baseline, score, values);
    if (isBaseline) baseline = score;
    return {
      assessmentId: test.assessmentId,
      completedDateTime: test.completedDateTime,
      batteryCode: test.batteryCode,
      language: test.language,
      isBaseline,
      score,
      change,
    };
  });
}
