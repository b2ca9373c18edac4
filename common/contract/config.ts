import { z } from 'zod/mini';

/** Spec §3 Runtime configuration, read from /config.json at start. */
export const runtimeConfigSchema = z.object({
  product: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  apiHost: z.string(),
  staticHost: z.string(),
  workflowInstanceFileName: z.string(),
  workflowRunnerUrl: z.string(),
  reportUrl: z.string(),
  version: z.string().check(z.regex(/^\d+\.\d+\.\d+/)),
  currentLocale: z.string(),
  resourcesConfigUrl: z.string(),
  uniqueDeviceIdentificationNumber: z.string(),
  /** Issue 36: how long a request may go unanswered before it is abandoned (15 s when absent; tests shorten it). */
  requestTimeoutMs: z.optional(z.number().check(z.int(), z.positive())),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
