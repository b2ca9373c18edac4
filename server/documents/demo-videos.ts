/**
 * The training videos of the demo resource page. The reference server cannot reach a video service, so each
 * "video" is a small local page, and the server's oEmbed endpoint answers their durations the way the video
 * service's oEmbed would.
 */
export interface DemoVideo {
  id: string;
  title: string;
  description: string;
  /** Seconds, as oEmbed's `duration`. */
  duration: number;
}

export const demoVideos: readonly DemoVideo[] = [
  {
    id: 'introduction',
    title: 'Introduction to the Cognitive Assessment',
    description: 'What the four tests measure and how a clinic uses the results.',
    duration: 185,
  },
  {
    id: 'ordering-a-home-test',
    title: 'Ordering a test at home',
    description: 'Adding a patient and sending an Out-Of-Clinic order by email.',
    duration: 161,
  },
  {
    id: 'running-a-supervised-test',
    title: 'Running a supervised test in the clinic',
    description: 'Preparing the tablet, the privacy notice and starting an In-Clinic test.',
    duration: 252,
  },
  {
    id: 'reading-the-report',
    title: 'Reading the cognitive report',
    description: 'Scores, age norms and the change from baseline.',
    duration: 318,
  },
];

/** The path of a demo video page on the reference server. */
export const demoVideoPath = (id: string): string => `/videos/${id}`;

/** The demo video a URL points at (any host: the client sends absolute URLs), if any. */
export function findDemoVideo(url: string): DemoVideo | undefined {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return undefined;
  }
  return demoVideos.find((video) => demoVideoPath(video.id) === pathname.replace(/\/$/, ''));
}
