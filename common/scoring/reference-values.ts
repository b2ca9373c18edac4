import type { CardTask, Composite } from '../contract';

/**
 * Every parameter the reference scoring uses, in one place.
 *
 * REFERENCE VALUES, NOT CLINICAL NORMS. They are rounded values of the order reported in the published literature
 * on brief card-task batteries, chosen so that the demo behaves plausibly; they are not a normative sample, are not
 * adjusted for age or education, and must not be used to interpret a real person's results. Sources:
 *
 * - Outcome measures (log10 speed, arcsine accuracy) and the two composites: Maruff P, Thomas E, Cysique L, et al.
 *   "Validity of the CogState brief battery: relationship to standardized tests and sensitivity to cognitive
 *   impairment in mild traumatic brain injury, schizophrenia, and AIDS dementia complex." Archives of Clinical
 *   Neuropsychology 2009;24(2):165–178.
 * - Test–retest reliability and practice over repeated tests: Falleti MG, Maruff P, Collie A, Darby DG. "Practice
 *   effects associated with the repeated assessment of cognitive function using the CogState battery at 10-minute,
 *   one week and one month test-retest intervals." Journal of Clinical and Experimental Neuropsychology
 *   2006;28(7):1095–1112.
 * - Older adults' means and spreads: Lim YY, Ellis KA, Harrington K, et al. "Use of the CogState Brief Battery in
 *   the assessment of Alzheimer's disease related cognitive impairment in the Australian Imaging, Biomarker and
 *   Lifestyle (AIBL) study." Journal of Clinical and Experimental Neuropsychology 2012;34(4):345–358.
 * - Reliable change: Jacobson NS, Truax P. "Clinical significance: a statistical approach to defining meaningful
 *   change in psychotherapy research." Journal of Consulting and Clinical Psychology 1991;59(1):12–19.
 */
export const referenceValues = {
  /** A response faster than this (ms) cannot be a reaction to the card. */
  anticipationMs: 100,
  /** Task integrity: the least proportion correct of the responses for the task to count. */
  integrityAccuracy: {
    detection: 0.8,
    identification: 0.8,
    oneCardLearning: 0.5,
    oneBack: 0.7,
  } satisfies Record<CardTask, number>,
  /** Task integrity: the least share of the task's trials that must have an answer. */
  minResponseShare: 0.75,
  /** More anticipations than this share of the trials makes the task's timing doubtful. */
  maxAnticipationShare: 0.1,
  /**
   * The primary outcome of each task with its reference mean and SD, and which way is better: speed in mean log10
   * ms (lower is faster), accuracy in arcsine √(proportion correct) radians (higher is better).
   */
  primary: {
    detection: { measure: 'speedLog10', mean: 2.55, sd: 0.09, higherIsBetter: false },
    identification: { measure: 'speedLog10', mean: 2.74, sd: 0.07, higherIsBetter: false },
    oneCardLearning: { measure: 'accuracyArcsine', mean: 0.96, sd: 0.1, higherIsBetter: true },
    oneBack: { measure: 'accuracyArcsine', mean: 1.3, sd: 0.15, higherIsBetter: true },
  } satisfies Record<
    CardTask,
    { measure: 'speedLog10' | 'accuracyArcsine'; mean: number; sd: number; higherIsBetter: boolean }
  >,
  /** The tasks of each composite (psychomotor/attention on speed, learning/working memory on accuracy). */
  composites: {
    psychomotorAttention: ['detection', 'identification'],
    learningWorkingMemory: ['oneCardLearning', 'oneBack'],
  } satisfies Record<Composite, readonly CardTask[]>,
  /** Composites are standard scores: 100 + 15 × the mean z of their tasks. */
  compositeScale: { mean: 100, sd: 15 },
  /** Test–retest reliability of each composite (one-month interval). */
  compositeReliability: {
    psychomotorAttention: 0.8,
    learningWorkingMemory: 0.7,
  } satisfies Record<Composite, number>,
  /** Reliable change at a 90 % two-tailed interval: |difference| > 1.645 × SE of the difference. */
  reliableChangeZ: 1.645,
} as const;

export type ReferenceValues = typeof referenceValues;

/** What each published source of the reference values is for ("How is this calculated?" names them). */
export const referenceSourceTopics = ['outcomeMeasures', 'reliability', 'olderAdults', 'reliableChange'] as const;
export type ReferenceSourceTopic = (typeof referenceSourceTopics)[number];

/**
 * The published sources of the reference values above, as cited (a citation is not translated). The same list as
 * the comment at the top of this file.
 */
export const referenceSources: readonly { topic: ReferenceSourceTopic; citation: string }[] = [
  {
    topic: 'outcomeMeasures',
    citation:
      'Maruff P, Thomas E, Cysique L, et al. Validity of the CogState brief battery: relationship to standardized ' +
      'tests and sensitivity to cognitive impairment in mild traumatic brain injury, schizophrenia, and AIDS ' +
      'dementia complex. Archives of Clinical Neuropsychology 2009;24(2):165–178.',
  },
  {
    topic: 'reliability',
    citation:
      'Falleti MG, Maruff P, Collie A, Darby DG. Practice effects associated with the repeated assessment of ' +
      'cognitive function using the CogState battery at 10-minute, one week and one month test-retest intervals. ' +
      'Journal of Clinical and Experimental Neuropsychology 2006;28(7):1095–1112.',
  },
  {
    topic: 'olderAdults',
    citation:
      'Lim YY, Ellis KA, Harrington K, et al. Use of the CogState Brief Battery in the assessment of Alzheimer’s ' +
      'disease related cognitive impairment in the Australian Imaging, Biomarker and Lifestyle (AIBL) study. ' +
      'Journal of Clinical and Experimental Neuropsychology 2012;34(4):345–358.',
  },
  {
    topic: 'reliableChange',
    citation:
      'Jacobson NS, Truax P. Clinical significance: a statistical approach to defining meaningful change in ' +
      'psychotherapy research. Journal of Consulting and Clinical Psychology 1991;59(1):12–19.',
  },
];
