import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { apiErrorCodes } from '#common/contract';
import { HttpError } from './errors';

/** Requests per client address per window on the forms anyone can post without signing in (issue 15). */
export interface RateLimits {
  /** Staff sign-in, POST /api/{product}/login; also POST /api/profiles/updateexpiredpassword. */
  login: number;
  /** Patient identity, POST /api/{product}/login/patient. */
  patientLogin: number;
  /** POST /api/profiles/forgotpassword. */
  forgotPassword: number;
  /** POST /api/{product}/contact. */
  contact: number;
  /** POST /api/{product}/log/{level}: calls, one message each, signed in or not. */
  clientLog: number;
  /** The FHIR token endpoint, POST /fhir/R4/auth/token, per address (server/fhir/smart/token-limits.ts). */
  fhirToken: number;
  /** The same, per backend client whose key signed the assertion. */
  fhirTokenClient: number;
  windowSeconds: number;
}

/**
 * A clinic's tablets often share one public address, so the sign-in limits leave room for a dozen people
 * starting a shift and mistyping; a password sprayer or a script filling the contact form is far faster.
 */
export const defaultRateLimits: RateLimits = {
  login: 30,
  patientLogin: 30,
  forgotPassword: 10,
  contact: 10,
  clientLog: 30,
  // A backend client needs a token every five minutes; an integration engine may run a few clients, or a few jobs
  // of one, from one address.
  fhirToken: 60,
  fhirTokenClient: 20,
  windowSeconds: 60,
};

/** The limited routes, by method and full URL; the rate-limit test checks each one answers 429. */
export function rateLimitedRoutes(product: string, limits: RateLimits): ReadonlyMap<string, number> {
  return new Map([
    [`POST /api/${product}/login`, limits.login],
    [`POST /api/${product}/login/patient`, limits.patientLogin],
    // The link check reads orders by token like the identity check: guessing tokens there is throttled alike.
    [`POST /api/${product}/login/patient/link`, limits.patientLogin],
    ['POST /api/profiles/forgotpassword', limits.forgotPassword],
    // Proves a current password like sign-in does, so guessing there is throttled alike (issue 35 F3).
    ['POST /api/profiles/updateexpiredpassword', limits.login],
    [`POST /api/${product}/contact`, limits.contact],
    [`POST /api/${product}/log/:level`, limits.clientLog],
  ]);
}

/**
 * Counters live in this process's memory (the plugin's local store): each server instance counts on its own.
 * Must be called before the routes are registered, because the limits are attached as routes are added.
 */
export function registerRateLimits(app: FastifyInstance, product: string, limits: RateLimits): void {
  const limited = rateLimitedRoutes(product, limits);
  const timeWindow = limits.windowSeconds * 1000;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const max = methods.map((method) => limited.get(`${method} ${route.url}`)).find((found) => found !== undefined);
    if (max !== undefined) route.config = { ...route.config, rateLimit: { max, timeWindow } };
  });
  void app.register(rateLimit, {
    global: false,
    // Answered through the usual error handler, so the body has the shape of every other error.
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        apiErrorCodes.tooManyRequests,
        `Too many requests from this address; try again in ${context.after}`,
      ),
  });
}
