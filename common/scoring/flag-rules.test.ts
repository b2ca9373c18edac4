import { describe, expect, it } from 'vitest';
import type { CardTask, TaskRecord, TestRecord, Trial } from '../contract';
import {
  changeMethod,
  compositeReading,
  invalidReasons,
  percentileOf,
  reliableChangeThreshold,
  scoreBand,
  taskStandardScore,
} from './interpretation';
import { scorePatientTests, type FinishedTest } from './scoring';

/**
 * Issue 33: the rules behind every flag a clinician reads, on hand-made histories. A test is four tasks; Detection's
 * speed sets the psychomotor/attention composite (Identification stays at the reference mean).
 */
function trial(index: number, rt: number, answer: 'yes' | 'no' | null = 'yes'): Trial {
  return {
    index,
    practice: false,
    stimulus: 'QH',
    expected: 'yes',
    answer,
    responseTimeMs: answer === null ? null : rt,
    anticipation: false,
    miss: answer === null,
  };
}
const speed = (name: CardTask, log10: number): TaskRecord => ({
  task: name,
  form: 'demo',
  finished: true,
  trials: Array.from({ length: 8 }, (_, index) => trial(index, 10 ** log10)),
});
const accuracy = (name: CardTask, correct: number): TaskRecord => ({
  task: name,
  form: 'demo',
  finished: true,
  trials: Array.from({ length: 8 }, (_, index) => trial(index, 800, index < correct ? 'yes' : 'no')),
});

interface Spec {
  /** Detection's mean log10 ms: the reference mean is 2.55 (SD 0.09). */
  detection?: number;
  /** One Card Learning correct of 8: under 4 fails its integrity check, so the test is not valid. */
  learningCorrect?: number;
  setting?: 'home' | 'clinic';
  device?: TestRecord['session']['deviceClass'];
}

let nextId = 1;
function test(spec: Spec): FinishedTest {
  const id = nextId++;
  return {
    assessmentId: id,
    completedDateTime: new Date(Date.UTC(2026, 0, id)).toISOString(),
    batteryCode: 'FullCBB',
    language: 'en-US',
    setting: spec.setting ?? 'clinic',
    record: {
      session: { deviceClass: spec.device ?? 'tablet', inputType: 'touch', refreshHz: 60, interruptions: [] },
      tasks: [
        speed('detection', spec.detection ?? 2.55),
        speed('identification', 2.74),
        accuracy('oneCardLearning', spec.learningCorrect ?? 6),
        accuracy('oneBack', 7),
      ],
    },
  };
}

/** 0.36 above the mean in log10 ms is 4 SD slower: psychomotor 100 + 15 × (−4 + 0) / 2 = 70, a decline of 30. */
const muchSlower = 2.55 + 0.36;

describe('flag rules', () => {
  it('never compares or flags a test that is not valid, even where one composite has a score', () => {
    const [baseline, invalid] = scorePatientTests([test({}), test({ detection: muchSlower, learningCorrect: 1 })]);
    expect(baseline?.isBaseline).toBe(true);
    expect(invalid?.score.valid).toBe(false);
    // Its psychomotor composite is scored (its tasks passed) and far below the baseline's…
    expect(compositeReading(invalid!, 'psychomotorAttention').score).toBeCloseTo(70, 6);
    // …and still it carries no change, no flag and no comparison.
    expect(invalid?.change).toBeNull();
    expect(invalid?.comparison).toBeNull();
    expect(compositeReading(invalid!, 'psychomotorAttention')).toMatchObject({ change: null, caveats: [] });
    expect(invalidReasons(invalid!)).toEqual([{ task: 'oneCardLearning', flags: ['lowAccuracy'] }]);
  });

  it('flags a reliable decline against a comparable baseline, with no caveat', () => {
    const [, later] = scorePatientTests([test({}), test({ detection: muchSlower })]);
    const reading = compositeReading(later!, 'psychomotorAttention');
    expect(reading.change?.reliableChange).toBe('decline');
    expect(reading.change?.difference).toBeCloseTo(-30, 6);
    expect(reading.caveats).toEqual([]);
    expect(later?.comparison).toMatchObject({ baselineSetting: 'clinic', baselineDeviceClass: 'tablet', caveats: [] });
  });

  it('carries the setting caveat when the test was taken at home against a clinic baseline', () => {
    const [baseline, later] = scorePatientTests([test({}), test({ detection: muchSlower, setting: 'home' })]);
    expect(compositeReading(later!, 'psychomotorAttention')).toMatchObject({
      change: { reliableChange: 'decline' },
      caveats: ['settingDiffers'],
    });
    expect(later?.comparison?.baselineAssessmentId).toBe(baseline?.assessmentId);
  });

  it('carries the device caveat when the test ran on another class of device, and both caveats together', () => {
    const [, phone, homePhone] = scorePatientTests([
      test({}),
      test({ device: 'phone' }),
      test({ detection: muchSlower, setting: 'home', device: 'phone' }),
    ]);
    expect(compositeReading(phone!, 'psychomotorAttention')).toMatchObject({
      change: { reliableChange: 'none' },
      caveats: ['deviceDiffers'],
    });
    expect(compositeReading(homePhone!, 'psychomotorAttention').caveats).toEqual(['settingDiffers', 'deviceDiffers']);
    expect(homePhone?.comparison).toMatchObject({ baselineSetting: 'clinic', baselineDeviceClass: 'tablet' });
  });

  it('takes a second test as the baseline when the first was not valid, and compares later tests with it', () => {
    const [first, second, third] = scorePatientTests([
      test({ learningCorrect: 1, device: 'phone', setting: 'home' }),
      test({}),
      test({ detection: muchSlower }),
    ]);
    expect([first?.isBaseline, second?.isBaseline, third?.isBaseline]).toEqual([false, true, false]);
    expect(first?.comparison).toBeNull();
    expect(second?.comparison).toBeNull();
    expect(third?.comparison).toMatchObject({ baselineAssessmentId: second?.assessmentId, caveats: [] });
    expect(compositeReading(third!, 'psychomotorAttention').change?.reliableChange).toBe('decline');
  });
});

describe('reading a score', () => {
  it('bands standard scores at 70, 80, 90, 110, 120 and 130', () => {
    expect([69.9, 70, 79.9, 80, 89.9, 90, 109.9, 110, 119.9, 120, 129.9, 130].map(scoreBand)).toEqual([
      'veryLow',
      'low',
      'low',
      'lowAverage',
      'lowAverage',
      'average',
      'average',
      'highAverage',
      'highAverage',
      'high',
      'high',
      'veryHigh',
    ]);
  });

  it('gives the percentile of a standard score against the reference values, kept within 1 and 99', () => {
    expect(percentileOf(100)).toBe(50);
    expect(percentileOf(85)).toBe(16);
    expect(percentileOf(115)).toBe(84);
    expect(percentileOf(70)).toBe(2);
    expect(percentileOf(10)).toBe(1);
    expect(percentileOf(190)).toBe(99);
  });

  it("gives a task's standard score, none for a task that is not valid", () => {
    const [scored] = scorePatientTests([test({ detection: 2.64, learningCorrect: 1 })]);
    const detection = scored!.score.tasks.find((task) => task.task === 'detection')!;
    const learning = scored!.score.tasks.find((task) => task.task === 'oneCardLearning')!;
    // One SD slower than the reference mean: 85.
    expect(taskStandardScore(detection)).toBeCloseTo(85, 6);
    expect(taskStandardScore(learning)).toBeNull();
  });

  it('states the method: a 90 % two-tailed reliable-change index with each composite threshold', () => {
    const method = changeMethod();
    expect(method).toMatchObject({ confidencePercent: 90, z: 1.645, scaleMean: 100, scaleSd: 15 });
    expect(method.composites).toEqual([
      {
        composite: 'psychomotorAttention',
        reliability: 0.8,
        threshold: reliableChangeThreshold('psychomotorAttention'),
      },
      {
        composite: 'learningWorkingMemory',
        reliability: 0.7,
        threshold: reliableChangeThreshold('learningWorkingMemory'),
      },
    ]);
    expect(reliableChangeThreshold('psychomotorAttention')).toBeCloseTo(15.606, 3);
  });
});
