import { describe, expect, it } from 'vitest';
import { missingBrowserFeatures, type BrowserFeatureScope } from './browser-support';

/** What a current browser offers; the noModule accessor throws when read on the prototype, as in browsers. */
function currentBrowser(overrides: BrowserFeatureScope = {}): BrowserFeatureScope {
  const scriptPrototype = {};
  Object.defineProperty(scriptPrototype, 'noModule', {
    get() {
      throw new TypeError('Illegal invocation');
    },
  });
  return {
    isSecureContext: true,
    HTMLScriptElement: { prototype: scriptPrototype },
    Array: { prototype: { at: () => undefined } },
    Object: { hasOwn: () => true },
    structuredClone: () => undefined,
    fetch: () => undefined,
    Promise,
    URL,
    URLSearchParams,
    Intl: { DateTimeFormat: Intl.DateTimeFormat },
    indexedDB: {},
    crypto: { getRandomValues: () => undefined, subtle: {} },
    ...overrides,
  };
}

describe('missingBrowserFeatures (the supported-browser rule)', () => {
  it('finds nothing missing in a current browser', () => {
    expect(missingBrowserFeatures(currentBrowser())).toEqual([]);
  });

  it.each([
    ['JavaScript modules', { HTMLScriptElement: { prototype: {} } }],
    ['Array.prototype.at', { Array: { prototype: {} } }],
    ['Object.hasOwn', { Object: {} }],
    ['structuredClone', { structuredClone: undefined }],
    ['fetch', { fetch: undefined }],
    ['URL', { URLSearchParams: undefined }],
    ['Intl.DateTimeFormat', { Intl: undefined }],
    ['IndexedDB', { indexedDB: undefined }],
    ['IndexedDB', { indexedDB: null }],
    ['crypto.getRandomValues', { crypto: { subtle: {} } }],
    ['crypto.subtle', { crypto: { getRandomValues: () => undefined } }],
  ])('names %s when it is missing', (feature, overrides) => {
    expect(missingBrowserFeatures(currentBrowser(overrides))).toEqual([feature]);
  });

  it('does not ask for crypto.subtle where no browser offers it (plain http to another machine)', () => {
    const scope = currentBrowser({ isSecureContext: false, crypto: { getRandomValues: () => undefined } });
    expect(missingBrowserFeatures(scope)).toEqual([]);
  });

  it('lists everything an old browser lacks', () => {
    expect(missingBrowserFeatures({ Object: {}, Array: { prototype: {} } })).toEqual([
      'JavaScript modules',
      'Array.prototype.at',
      'Object.hasOwn',
      'structuredClone',
      'fetch',
      'Promise',
      'URL',
      'Intl.DateTimeFormat',
      'IndexedDB',
      'crypto.getRandomValues',
    ]);
  });

  it('reads a real window without throwing', () => {
    expect(() => missingBrowserFeatures(window as unknown as BrowserFeatureScope)).not.toThrow();
  });
});
