import type { CardTask, RunnerForm } from '../contract';

export interface TaskDesign {
  practice: number;
  trials: number;
}

export interface FormDesign {
  tasks: Record<CardTask, TaskDesign>;
  /** Detection's random wait before the card turns over, in ms. */
  detectionWaitMs: readonly [number, number];
  /** The wait between an answer and the next card in the other tasks, in ms. */
  interTrialMs: readonly [number, number];
  /** No answer within this long after onset is a miss. */
  responseWindowMs: number;
  /** How long a practice trial's feedback stays before the next card. */
  feedbackMs: number;
}

const standardTasks: Record<CardTask, TaskDesign> = {
  detection: { practice: 5, trials: 35 },
  identification: { practice: 5, trials: 30 },
  oneCardLearning: { practice: 5, trials: 80 },
  oneBack: { practice: 5, trials: 31 },
};

/**
 * The trial counts of the reference runner's forms: standard (close to the published designs), short (the 48-trial
 * One Card Learning form) and demo (a few trials, for trying the product out and for end-to-end tests).
 */
export const formDesigns: Record<RunnerForm, FormDesign> = {
  standard: {
    tasks: standardTasks,
    detectionWaitMs: [500, 5000],
    interTrialMs: [400, 900],
    responseWindowMs: 5000,
    feedbackMs: 800,
  },
  short: {
    tasks: { ...standardTasks, oneCardLearning: { practice: 5, trials: 48 } },
    detectionWaitMs: [500, 5000],
    interTrialMs: [400, 900],
    responseWindowMs: 5000,
    feedbackMs: 800,
  },
  demo: {
    tasks: {
      detection: { practice: 1, trials: 3 },
      identification: { practice: 1, trials: 3 },
      oneCardLearning: { practice: 1, trials: 4 },
      oneBack: { practice: 1, trials: 4 },
    },
    detectionWaitMs: [300, 600],
    interTrialMs: [150, 300],
    responseWindowMs: 5000,
    feedbackMs: 300,
  },
};

/** The repeating cards of One Card Learning: 6 cards come back among the deck (as in the published task). */
export const oneCardLearningRepeats = 6;
