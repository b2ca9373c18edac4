import type { ComparisonCaveat, Composite, CompositeChange, ScoredTest, TaskScore } from '../contract';
import { referenceValues, type ReferenceValues } from './reference-values';

/**
 * How a clinician reads a score (issue 33): a standard score (100 ± 15, higher is better), its percentile against
 * the reference values, a band in words, and the method behind a reliable-change flag. Pure: the words are the
 * callers' translation keys.
 */

/** The conventional bands of a standard score (mean 100, SD 15), lowest first. */
export const scoreBands = ['veryLow', 'low', 'lowAverage', 'average', 'highAverage', 'high', 'veryHigh'] as const;
export type ScoreBand = (typeof scoreBands)[number];

/** The band of a standard score: < 70, 70–79, 80–89, 90–109, 110–119, 120–129, ≥ 130. */
export function scoreBand(standardScore: number): ScoreBand {
  if (standardScore < 70) return 'veryLow';
  if (standardScore < 80) return 'low';
  if (standardScore < 90) return 'lowAverage';
  if (standardScore < 110) return 'average';
  if (standardScore < 120) return 'highAverage';
  if (standardScore < 130) return 'high';
  return 'veryHigh';
}

/** The standard normal cumulative distribution (Abramowitz and Stegun 7.1.26; error below 1.5 × 10⁻⁷). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The percentile (1–99, whole) of a standard score against the reference values. */
export function percentileOf(standardScore: number, values: ReferenceValues = referenceValues): number {
  const z = (standardScore - values.compositeScale.mean) / values.compositeScale.sd;
  return Math.min(99, Math.max(1, Math.round(normalCdf(z) * 100)));
}

/** A task's primary outcome as a standard score (100 ± 15, higher is better); null when the task is not valid. */
export function taskStandardScore(score: TaskScore, values: ReferenceValues = referenceValues): number | null {
  if (!score.valid) return null;
  const reference = values.primary[score.task];
  const value = score[reference.measure];
  if (value === null) return null;
  const difference = reference.higherIsBetter ? value - reference.mean : reference.mean - value;
  return values.compositeScale.mean + values.compositeScale.sd * (difference / reference.sd);
}

/** The smallest difference from the baseline that counts as reliable change for a composite, in score points. */
export function reliableChangeThreshold(composite: Composite, values: ReferenceValues = referenceValues): number {
  return (
    values.reliableChangeZ * values.compositeScale.sd * Math.sqrt(2 * (1 - values.compositeReliability[composite]))
  );
}

/** The facts "How is this calculated?" states: the method, its confidence level and the values it uses. */
export interface ChangeMethod {
  /** Two-tailed confidence level, in percent (90 for z = 1.645). */
  confidencePercent: number;
  z: number;
  scaleMean: number;
  scaleSd: number;
  composites: { composite: Composite; reliability: number; threshold: number }[];
}

export function changeMethod(values: ReferenceValues = referenceValues): ChangeMethod {
  const confidence = 2 * normalCdf(values.reliableChangeZ) - 1;
  return {
    confidencePercent: Math.round(confidence * 100),
    z: values.reliableChangeZ,
    scaleMean: values.compositeScale.mean,
    scaleSd: values.compositeScale.sd,
    composites: (Object.keys(values.compositeReliability) as Composite[]).map((composite) => ({
      composite,
      reliability: values.compositeReliability[composite],
      threshold: reliableChangeThreshold(composite, values),
    })),
  };
}

/** What a list, a table or a chart shows of one composite of one test: its score, and its flag with caveats. */
export interface CompositeReading {
  composite: Composite;
  score: number | null;
  /** Null when the test is not compared (not valid, the baseline, or before it). */
  change: CompositeChange | null;
  /** The caveats that must stand beside the change and its flag. */
  caveats: ComparisonCaveat[];
}

export function compositeReading(test: ScoredTest, composite: Composite): CompositeReading {
  const score = test.score.composites.find((entry) => entry.composite === composite)?.score ?? null;
  const change = test.comparison ? (test.change?.find((entry) => entry.composite === composite) ?? null) : null;
  return { composite, score, change, caveats: change ? (test.comparison?.caveats ?? []) : [] };
}

/** The reasons a test is not valid: each task that failed its integrity checks, with why. Empty for a valid test. */
export function invalidReasons(
  test: Pick<ScoredTest, 'score'>,
): { task: TaskScore['task']; flags: TaskScore['flags'] }[] {
  return test.score.tasks.filter((task) => !task.valid).map((task) => ({ task: task.task, flags: task.flags }));
}
