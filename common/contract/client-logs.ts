import { z } from 'zod/mini';

/** Spec §7: POST /api/{product}/log/info|warn|error|fatal. */
export const clientLogLevelSchema = z.enum(['info', 'warn', 'error', 'fatal']);
export type ClientLogLevel = z.infer<typeof clientLogLevelSchema>;

/** Long enough for an error's name and message; a stack or a page of text is cut by the client first. */
export const maxClientLogMessageLength = 500;
/** Messages the client sends in one batch (on a timer, or in one beacon as the page is hidden). */
export const maxClientLogBatch = 20;

const logMessageText = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'VALID_MESSAGE_IS_REQUIRED'),
    z.maxLength(maxClientLogMessageLength, 'VALID_MESSAGE_TOO_LONG'),
  );

/** Spec §3 Log message: the body of the per-level call. */
export const clientLogMessageSchema = z.object({ message: logMessageText });

/**
 * POST /api/{product}/log: the batched form the client uses. A beacon sent as the page is hidden cannot carry the
 * spec's headers, so the client version and the route travel in the body.
 */
export const clientLogBatchSchema = z.object({
  clientVersion: z._default(z.string().check(z.trim(), z.maxLength(64)), ''),
  entries: z
    .array(
      z.object({
        level: clientLogLevelSchema,
        message: logMessageText,
        route: z._default(z.string().check(z.maxLength(200)), ''),
      }),
    )
    .check(z.minLength(1), z.maxLength(maxClientLogBatch)),
});
export type ClientLogBatch = z.input<typeof clientLogBatchSchema>;

export const clientLogAcceptedSchema = z.object({ accepted: z.int().check(z.nonnegative()) });
export type ClientLogAccepted = z.infer<typeof clientLogAcceptedSchema>;

/** GET /api/{product}/log (administrators): the newest entries first. */
export const clientLogEntrySchema = z.object({
  id: z.int(),
  level: clientLogLevelSchema,
  message: z.string(),
  route: z.string(),
  clientVersion: z.string(),
  /** The signed-in role that sent it, or null for an anonymous page (sign-in, patient link). */
  role: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ClientLogEntry = z.infer<typeof clientLogEntrySchema>;
export const clientLogListSchema = z.object({ dataList: z.array(clientLogEntrySchema), count: z.int() });
export type ClientLogList = z.infer<typeof clientLogListSchema>;
