import type { CardTask, DeviceClass, RunnerForm, TaskRecord, TestRecord, Trial } from '../contract';
import { referenceValues } from './reference-values';
import { formDesigns } from './task-designs';

/** A small deterministic generator (mulberry32): the same seed always simulates the same person. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** How a simulated person performs: z scores against the reference values (0 = the reference mean). */
export interface SimulatedPerson {
  speedZ: number;
  accuracyZ: number;
  /** Share of trials answered before the card (0..1). */
  anticipationRate?: number;
  missRate?: number;
}

const suits = ['H', 'D', 'C', 'S'];
const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];

/** Standard normal deviate (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function accuracyFor(task: CardTask, person: SimulatedPerson): number {
  const reference = referenceValues.primary[task];
  if (reference.measure === 'accuracyArcsine') {
    const arcsine = Math.min(Math.PI / 2, Math.max(0, reference.mean + person.accuracyZ * reference.sd));
    return Math.sin(arcsine) ** 2;
  }
  // The speed tasks are easy: nearly everyone is nearly always right.
  return Math.min(1, Math.max(0, 0.97 + person.accuracyZ * 0.02));
}

function meanLog10For(task: CardTask, person: SimulatedPerson): number {
  const reference = referenceValues.primary[task];
  if (reference.measure === 'speedLog10') return reference.mean - person.speedZ * reference.sd;
  return task === 'oneBack' ? 2.95 - person.speedZ * 0.09 : 3.0 - person.speedZ * 0.09;
}

/** One task's trials as a runner would record them for the simulated person. */
export function simulateTask(
  task: CardTask,
  form: RunnerForm,
  person: SimulatedPerson,
  random: () => number,
): TaskRecord {
  const design = formDesigns[form].tasks[task];
  const accuracy = accuracyFor(task, person);
  const meanLog10 = meanLog10For(task, person);
  const trials: Trial[] = [];
  for (let index = 0; index < design.practice + design.trials; index += 1) {
    const expected = random() < 0.5 ? 'yes' : 'no';
    const stimulus = `${ranks[Math.floor(random() * 13)] ?? 'A'}${suits[Math.floor(random() * 4)] ?? 'H'}`;
    const practice = index < design.practice;
    const roll = random();
    if (roll < (person.anticipationRate ?? 0)) {
      trials.push({
        index,
        practice,
        stimulus,
        expected,
        answer: expected,
        responseTimeMs: 40,
        anticipation: true,
        miss: false,
      });
      continue;
    }
    if (roll < (person.anticipationRate ?? 0) + (person.missRate ?? 0)) {
      trials.push({
        index,
        practice,
        stimulus,
        expected,
        answer: null,
        responseTimeMs: null,
        anticipation: false,
        miss: true,
      });
      continue;
    }
    const right = random() < accuracy;
    const answer = right ? expected : expected === 'yes' ? 'no' : 'yes';
    const responseTimeMs = Math.round(10 ** (meanLog10 + 0.08 * normal(random)));
    trials.push({ index, practice, stimulus, expected, answer, responseTimeMs, anticipation: false, miss: false });
  }
  return { task, form, finished: true, trials };
}

export function simulateTest(
  tasks: readonly CardTask[],
  person: SimulatedPerson,
  options: { seed: number; form?: RunnerForm; deviceClass?: DeviceClass; hiddenDuring?: CardTask },
): TestRecord {
  const random = seededRandom(options.seed);
  const deviceClass = options.deviceClass ?? 'tablet';
  return {
    session: {
      deviceClass,
      inputType: deviceClass === 'desktop' ? 'keyboard' : 'touch',
      refreshHz: 60,
      interruptions: options.hiddenDuring ? [{ kind: 'hidden', task: options.hiddenDuring, durationMs: 12_000 }] : [],
    },
    tasks: tasks.map((task) => simulateTask(task, options.form ?? 'standard', person, random)),
  };
}
