import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pageStartScript, type StartFiles } from './page-starts-plugin';

const staff: StartFiles = {
  entry: '/assets/index.js',
  scripts: ['/assets/react.js', '/assets/staff-start.js'],
  styles: ['/assets/staff.css'],
};
const patient: StartFiles = {
  entry: '/assets/patient-main.js',
  scripts: ['/assets/react.js', '/assets/patient-start.js'],
  styles: ['/assets/patient.css'],
};

interface Element {
  tag: string;
  attributes: Record<string, string>;
  [property: string]: unknown;
}

/** Runs index.html's start script at an address, as a shown page would; answers what it put in the head. */
function runAt(
  pathname: string,
  unsupported = false,
  setTimeout: (callback: () => void) => void = (callback) => {
    callback();
  },
  paints?: PaintReports,
): Element[] {
  const head: Element[] = [];
  const document = {
    visibilityState: 'visible',
    head: { appendChild: (element: Element) => head.push(element) },
    createElement: (tag: string): Element => {
      const attributes: Record<string, string> = {};
      return {
        tag,
        attributes,
        setAttribute: (name: string, value: string) => (attributes[name] = value),
      };
    },
  };
  const window = { cgmUnsupportedBrowser: unsupported, PerformanceObserver: paints?.PerformanceObserver };
  const requestAnimationFrame = (callback: () => void) => {
    callback();
  };
  runInNewContext(pageStartScript(staff, patient), {
    window,
    document,
    location: { pathname },
    requestAnimationFrame,
    setTimeout,
    PerformanceObserver: paints?.PerformanceObserver,
  });
  return head;
}

/** A browser that reports its paints: `paint(name)` reports one to the observers the page made. */
class PaintReports {
  private readonly observers: { callback: PaintCallback; disconnected: boolean }[] = [];

  readonly PerformanceObserver = (() => {
    const observers = this.observers;
    return class {
      static readonly supportedEntryTypes = ['mark', 'paint'];
      private readonly entry: { callback: PaintCallback; disconnected: boolean };
      constructor(callback: PaintCallback) {
        this.entry = { callback, disconnected: false };
      }
      observe(options: { type: string }) {
        if (options.type === 'paint') observers.push(this.entry);
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    };
  })();

  paint(name: string) {
    for (const observer of this.observers.filter(({ disconnected }) => !disconnected)) {
      const entries = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) };
      observer.callback(entries, { disconnect: () => (observer.disconnected = true) });
    }
  }
}
type PaintCallback = (
  entries: { getEntriesByName: (name: string) => { name: string }[] },
  observer: { disconnect: () => void },
) => void;

const hrefs = (head: Element[], rel: string) => head.filter((element) => element.rel === rel).map(({ href }) => href);
const scripts = (head: Element[]) => head.filter(({ tag }) => tag === 'script');
/** The scripts the start runs, each loaded as a browser would once it is in the head. */
const started = (head: Element[]) => {
  for (let count = 0; scripts(head).length > count;) {
    count = scripts(head).length;
    (scripts(head).at(-1)?.onload as (() => void) | undefined)?.();
  }
  return scripts(head).map(({ src }) => src);
};

describe("index.html's start script (issue 32)", () => {
  it("starts the patient's pages only at the patient's link, under any product's name", () => {
    for (const pathname of ['/cgm/patientlogin', '/cgm/patientlogin/', '/other/patientlogin']) {
      const head = runAt(pathname);
      expect(started(head)).toEqual(['/assets/react.js', '/assets/patient-start.js', '/assets/patient-main.js']);
      expect(hrefs(head, 'modulepreload')).toEqual([
        '/assets/patient-main.js',
        '/assets/react.js',
        '/assets/patient-start.js',
      ]);
      expect(hrefs(head, 'preload')).toEqual(['/assets/patient.css']);
    }
  });

  it('starts every page elsewhere, the patient pages after the link included', () => {
    for (const pathname of [
      '/',
      '/cgm',
      '/cgm/login',
      '/cgm/patient',
      '/cgm/patientloginerror/1',
      '/cgm/manage/patients',
    ]) {
      const head = runAt(pathname);
      expect(started(head)).toEqual(['/assets/react.js', '/assets/staff-start.js', '/assets/index.js']);
      expect(hrefs(head, 'modulepreload')).toEqual(['/assets/index.js', '/assets/react.js', '/assets/staff-start.js']);
    }
  });

  it('marks the stylesheets for the first render to put in place, at a low priority, and the scripts at their usual one', () => {
    const head = runAt('/cgm/login');
    const style = head.find((element) => element.rel === 'preload');
    expect(style?.as).toBe('style');
    expect(style?.attributes['data-first-visit-style']).toBe('');
    expect(style?.fetchPriority).toBe('low');
    expect(head.filter((element) => element.rel === 'modulepreload').map(({ fetchPriority }) => fetchPriority)).toEqual(
      [undefined, undefined, undefined],
    );
  });

  it('evaluates its files one at a time, each once the one before has run and the browser has had a turn', () => {
    const timers: (() => void)[] = [];
    const head = runAt('/cgm/patientlogin', false, (callback) => timers.push(callback));
    // After the start screen's paint.
    timers.shift()?.();
    // The first file, whose script has not run yet: nothing else is started.
    expect(scripts(head).map(({ src }) => src)).toEqual(['/assets/react.js']);
    for (const expected of ['/assets/patient-start.js', '/assets/patient-main.js']) {
      (scripts(head).at(-1)?.onload as () => void)();
      expect(scripts(head).at(-1)?.src).not.toBe(expected);
      timers.shift()?.();
      expect(scripts(head).at(-1)?.src).toBe(expected);
    }
    // The entry is the last: nothing waits on it.
    expect(scripts(head).at(-1)?.onload).toBeUndefined();
  });

  it("requests the start's files only once the start screen's first paint is reported", () => {
    const paints = new PaintReports();
    const timers: (() => void)[] = [];
    const head = runAt('/cgm/patientlogin', false, (callback) => timers.push(callback), paints);
    expect(head).toEqual([]);
    paints.paint('first-paint');
    expect(head).toEqual([]);
    paints.paint('first-contentful-paint');
    expect(hrefs(head, 'modulepreload')).toEqual([
      '/assets/patient-main.js',
      '/assets/react.js',
      '/assets/patient-start.js',
    ]);
    expect(hrefs(head, 'preload')).toEqual(['/assets/patient.css']);
    expect(scripts(head).map(({ src }) => src)).toEqual(['/assets/react.js']);
    // The timer for a page that reports no paint does not start it twice.
    timers.shift()?.();
    expect(scripts(head)).toHaveLength(1);
  });

  it('starts after a second when no paint is reported', () => {
    const paints = new PaintReports();
    const timers: (() => void)[] = [];
    const head = runAt('/cgm/patientlogin', false, (callback) => timers.push(callback), paints);
    expect(head).toEqual([]);
    timers.shift()?.();
    expect(scripts(head).map(({ src }) => src)).toEqual(['/assets/react.js']);
    paints.paint('first-contentful-paint');
    expect(scripts(head)).toHaveLength(1);
  });

  it('goes on to the next file when one fails to load', () => {
    const head = runAt('/cgm/patientlogin', false, (callback) => {
      callback();
    });
    const first = head.find(({ tag }) => tag === 'script');
    expect(first?.onerror).toBe(first?.onload);
  });

  it('downloads and starts nothing in a browser the browser check turned away', () => {
    expect(runAt('/cgm/patientlogin', true)).toEqual([]);
  });
});
