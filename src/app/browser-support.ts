/* eslint-disable no-var -- this file becomes a classic ES5 script: see the comment below */
/**
 * The supported-browser rule (README, "Supported browsers"). The build turns this file into a classic script
 * (the browser check, inline in index.html) that runs before the application's module: a browser too old to parse the application
 * still runs it and is sent to the browser-not-supported page. It is therefore written in ES5 syntax (var,
 * function, no arrows or template literals); only the type annotations are removed by the build.
 */

/** The parts of `window` the rule reads; a test passes a plain object. */
export interface BrowserFeatureScope {
  isSecureContext?: boolean;
  [name: string]: unknown;
}

function hasMember(owner: unknown, name: string): boolean {
  if (owner === null || (typeof owner !== 'object' && typeof owner !== 'function')) return false;
  if (!(name in owner)) return false;
  try {
    return typeof (owner as Record<string, unknown>)[name] !== 'undefined';
    // ES5 has no catch without a binding, so the binding stays though it is not read.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
  } catch (error) {
    // Reading an accessor on a prototype (HTMLScriptElement.prototype.noModule) throws: it exists all the same.
    return true;
  }
}

function prototypeOf(scope: BrowserFeatureScope, constructorName: string): unknown {
  var constructor = scope[constructorName];
  return constructor === null || constructor === undefined
    ? undefined
    : (constructor as { prototype?: unknown }).prototype;
}

/**
 * What a supported browser has (Chrome and Edge 98+, Firefox 94+, Safari 15.4+):
 * - JavaScript modules (the application is one);
 * - ES2022 built-ins: Array.prototype.at and Object.hasOwn, and structuredClone;
 * - fetch, Promise, URL and URLSearchParams, Intl.DateTimeFormat;
 * - IndexedDB (the offline copy of lists);
 * - WebCrypto: crypto.getRandomValues always, crypto.subtle where browsers offer it at all (https or localhost),
 *   because the offline copy is encrypted with it.
 * Service workers are not required: without them (e.g. a private window) the application works online only.
 * Answers the names of the missing features; an empty list means supported.
 */
export function missingBrowserFeatures(scope: BrowserFeatureScope): string[] {
  var missing: string[] = [];
  if (!hasMember(prototypeOf(scope, 'HTMLScriptElement'), 'noModule')) missing.push('JavaScript modules');
  if (!hasMember(prototypeOf(scope, 'Array'), 'at')) missing.push('Array.prototype.at');
  if (!hasMember(scope.Object, 'hasOwn')) missing.push('Object.hasOwn');
  if (!hasMember(scope, 'structuredClone')) missing.push('structuredClone');
  if (!hasMember(scope, 'fetch')) missing.push('fetch');
  if (!hasMember(scope, 'Promise')) missing.push('Promise');
  if (!hasMember(scope, 'URL') || !hasMember(scope, 'URLSearchParams')) missing.push('URL');
  if (!hasMember(scope.Intl, 'DateTimeFormat')) missing.push('Intl.DateTimeFormat');
  if (!hasMember(scope, 'indexedDB') || scope.indexedDB === null) missing.push('IndexedDB');
  if (!hasMember(scope.crypto, 'getRandomValues')) missing.push('crypto.getRandomValues');
  if (scope.isSecureContext === true && !hasMember(scope.crypto, 'subtle')) missing.push('crypto.subtle');
  return missing;
}

/** Where an unsupported browser is sent: a static page that needs no script at all. */
export var browserNotSupportedPath = '/browser-not-supported.html';

declare global {
  interface Window {
    /** Set by the browser check (inline in index.html) when the browser fails the rule, so the application does not start. */
    cgmUnsupportedBrowser?: string[];
  }
}
