import { z } from 'zod/mini';
import { cardTaskSchema } from './assessment-tests';
import { recordIdSchema } from './ids';
import { deviceClassSchema } from './order-events';

/**
 * What the reference runner records of a test, trial by trial, and what scoring makes of it. One contract for the
 * runner (which sends it), the server (which stores and scores it) and the client (which shows the scores).
 */

export const answerSchema = z.enum(['yes', 'no']);

/** A response time is measured from the rAF onset of the card; a press before onset is kept as negative. */
const responseTimeSchema = z.number().check(z.gte(-60_000), z.lte(60_000));

export const trialSchema = z.object({
  index: z.int().check(z.gte(0), z.lte(199)),
  practice: z.boolean(),
  /** The card as dealt: rank and suit letters ('QH'), or 'back' for a card still face down. */
  stimulus: z.string().check(z.trim(), z.regex(/^(?:[A2-9TJQK][HDCS]|back)$/)),
  expected: answerSchema,
  /** null when no answer came within the window (a miss). */
  answer: z.nullable(answerSchema),
  responseTimeMs: z.nullable(responseTimeSchema),
  anticipation: z.boolean(),
  miss: z.boolean(),
});
export type Trial = z.infer<typeof trialSchema>;

/** The published forms: standard, the 48-trial One Card Learning short form, and a quick demonstration form. */
export const runnerFormSchema = z.enum(['standard', 'short', 'demo']);
export type RunnerForm = z.infer<typeof runnerFormSchema>;

export const taskRecordSchema = z.object({
  task: cardTaskSchema,
  form: runnerFormSchema,
  /** False when the person left the task before its last trial. */
  finished: z.boolean(),
  trials: z.array(trialSchema).check(z.maxLength(200)),
});
export type TaskRecord = z.infer<typeof taskRecordSchema>;

export const interruptionSchema = z.object({
  kind: z.enum(['hidden', 'blur']),
  /** The task running when it happened, null between tasks. */
  task: z.nullable(cardTaskSchema),
  durationMs: z.number().check(z.gte(0), z.lte(86_400_000)),
});
export type Interruption = z.infer<typeof interruptionSchema>;

export const sessionInfoSchema = z.object({
  deviceClass: deviceClassSchema,
  inputType: z.enum(['keyboard', 'touch', 'mouse', 'mixed', 'none']),
  /** Frames per second measured from requestAnimationFrame before the first task; null when it could not be. */
  refreshHz: z.nullable(z.number().check(z.gte(1), z.lte(1000))),
  interruptions: z.array(interruptionSchema).check(z.maxLength(500)),
});

/** POST /api/{product}/workflow/{workflowInstanceId}/completed with the test token: the whole test. */
export const testRecordSchema = z.object({
  session: sessionInfoSchema,
  tasks: z.array(taskRecordSchema).check(z.minLength(1), z.maxLength(4)),
});
export type TestRecord = z.infer<typeof testRecordSchema>;

export const taskFlagSchema = z.enum([
  'tooFewResponses',
  'lowAccuracy',
  'manyAnticipations',
  'pageHidden',
  'leftEarly',
]);
export type TaskFlag = z.infer<typeof taskFlagSchema>;

export const testFlagSchema = z.enum(['atHome', 'deviceChanged', 'invalidTask']);
export type TestFlag = z.infer<typeof testFlagSchema>;

export const taskScoreSchema = z.object({
  task: cardTaskSchema,
  trials: z.int().check(z.gte(0)),
  responses: z.int().check(z.gte(0)),
  correct: z.int().check(z.gte(0)),
  anticipations: z.int().check(z.gte(0)),
  misses: z.int().check(z.gte(0)),
  /** Proportion correct of the responses (0..1), null without responses. */
  accuracy: z.nullable(z.number()),
  /** Mean log10 of correct response times (ms), null without a correct response. */
  speedLog10: z.nullable(z.number()),
  /** Arcsine of the square root of the proportion correct, null without responses. */
  accuracyArcsine: z.nullable(z.number()),
  /** Mean of correct response times in ms (the antilog of speedLog10), for people to read. */
  meanCorrectMs: z.nullable(z.number()),
  flags: z.array(taskFlagSchema),
  valid: z.boolean(),
});
export type TaskScore = z.infer<typeof taskScoreSchema>;

export const compositeSchema = z.enum(['psychomotorAttention', 'learningWorkingMemory']);
export type Composite = z.infer<typeof compositeSchema>;

export const compositeScoreSchema = z.object({
  composite: compositeSchema,
  /** Standard score against the reference values (100 ± 15; higher is better), null when a task is invalid. */
  score: z.nullable(z.number()),
});
export type CompositeScore = z.infer<typeof compositeScoreSchema>;

/** Where a test was taken: at home from the emailed link (unsupervised) or in the clinic (supervised). */
export const testSettingSchema = z.enum(['home', 'clinic']);
export type TestSetting = z.infer<typeof testSettingSchema>;

export const testScoreSchema = z.object({
  tasks: z.array(taskScoreSchema),
  composites: z.array(compositeScoreSchema),
  flags: z.array(testFlagSchema),
  valid: z.boolean(),
  deviceClass: deviceClassSchema,
  setting: testSettingSchema,
});
export type TestScore = z.infer<typeof testScoreSchema>;

export const compositeChangeSchema = z.object({
  composite: compositeSchema,
  /** This test's composite minus the baseline's, null when either is missing. */
  difference: z.nullable(z.number()),
  reliableChange: z.nullable(z.enum(['decline', 'improvement', 'none'])),
});
export type CompositeChange = z.infer<typeof compositeChangeSchema>;

/**
 * Why a change from the baseline may not mean what it seems: this test and the baseline were taken in different
 * settings (home or clinic, so supervised or not) or on different classes of device. Shown beside every change.
 */
export const comparisonCaveatSchema = z.enum(['settingDiffers', 'deviceDiffers']);
export type ComparisonCaveat = z.infer<typeof comparisonCaveatSchema>;

/** What a test was compared with: the baseline's facts and the caveats of the comparison. */
export const baselineComparisonSchema = z.object({
  baselineAssessmentId: z.int(),
  baselineCompletedDateTime: z.string(),
  baselineSetting: testSettingSchema,
  baselineDeviceClass: deviceClassSchema,
  caveats: z.array(comparisonCaveatSchema),
});
export type BaselineComparison = z.infer<typeof baselineComparisonSchema>;

/**
 * One finished test of a patient, scored, with its change from the baseline (the first valid test). A test that is
 * not valid, the baseline itself and the tests before it have no change and no comparison: they are never flagged.
 */
export const scoredTestSchema = z.object({
  assessmentId: z.int(),
  completedDateTime: z.string(),
  batteryCode: z.string(),
  language: z.nullable(z.string()),
  isBaseline: z.boolean(),
  score: testScoreSchema,
  change: z.nullable(z.array(compositeChangeSchema)),
  comparison: z.nullable(baselineComparisonSchema),
});
export type ScoredTest = z.infer<typeof scoredTestSchema>;

/** GET /api/profile/patients/{id}/results: the patient's scored tests, oldest first. */
export const patientResultsSchema = z.object({ tests: z.array(scoredTestSchema) });
export type PatientResults = z.infer<typeof patientResultsSchema>;

/** The most patients one summary call answers for: a few pages of the Results tab. */
export const maxSummaryPatients = 100;

/**
 * GET /api/profile/patients/results/summary?ids=1,2,3 (reference server, issue 33): the patients' ids, comma
 * separated, each a record id, at most maxSummaryPatients of them and none twice.
 */
export const resultsSummaryQuerySchema = z.object({
  ids: z.pipe(
    z.pipe(
      z.string().check(z.regex(/^\d{1,10}(?:,\d{1,10})*$/, 'ids: record ids separated by commas')),
      z.transform((value: string) => value.split(',').map(Number)),
    ),
    z.array(recordIdSchema).check(
      z.minLength(1),
      z.maxLength(maxSummaryPatients),
      z.refine((ids) => new Set(ids).size === ids.length, 'ids: each patient once'),
    ),
  ),
});

/**
 * One patient's results at a glance: their last test (it may not be valid), and the last valid test, whose change
 * from the baseline is what the Results tab shows and sorts by. Both null when the patient has no scored test.
 */
export const patientResultsSummarySchema = z.object({
  patientId: z.int(),
  testCount: z.int().check(z.gte(0)),
  latest: z.nullable(scoredTestSchema),
  latestValid: z.nullable(scoredTestSchema),
});
export type PatientResultsSummary = z.infer<typeof patientResultsSummarySchema>;

export const resultsSummarySchema = z.object({ patients: z.array(patientResultsSummarySchema) });
export type ResultsSummary = z.infer<typeof resultsSummarySchema>;
