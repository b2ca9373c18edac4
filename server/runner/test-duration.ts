import type { CardTask, RunnerForm } from '#common/contract';
import { formDesigns } from '#common/scoring';
import { runnerForm } from './runner-page';
import { tasksOf } from './workflow';

/**
 * What the estimate allows a person beyond the runner's own timing: an unhurried answer to each card, reading each
 * part's two screens (its instructions, then "practice done"), and the runner's opening screen. Generous on
 * purpose: an older adult told "about 9 minutes" who takes 7 is reassured; one who takes 12 after being told 7 is not.
 */
const answerMs = 800;
const readingPerPartMs = 30_000;
const openingMs = 30_000;

const mean = ([low, high]: readonly [number, number]) => (low + high) / 2;

/** Issue 32: about how long `tasks` take in `form`, in whole minutes (rounded up), from the form's own timing. */
export function estimatedTestMinutes(tasks: readonly CardTask[], form: RunnerForm): number {
  const design = formDesigns[form];
  const totalMs = tasks.reduce((sum, task) => {
    const { practice, trials } = design.tasks[task];
    const wait = mean(task === 'detection' ? design.detectionWaitMs : design.interTrialMs);
    return sum + (practice + trials) * (wait + answerMs) + practice * design.feedbackMs + readingPerPartMs;
  }, openingMs);
  return Math.max(1, Math.ceil(totalMs / 60_000));
}

/** The estimate and the number of parts of a battery's test, as this server's runner plays it now. */
export function testLengthOf(batteryCode: string): { estimatedMinutes: number; testParts: number } {
  const tasks = tasksOf(batteryCode);
  return { estimatedMinutes: estimatedTestMinutes(tasks, runnerForm()), testParts: tasks.length };
}
