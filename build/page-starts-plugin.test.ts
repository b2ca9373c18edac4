import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pageStartScript, type StartFiles } from './page-starts-plugin';

const staff: StartFiles = {
  entry: '/assets/index.js',
  scripts: ['/assets/staff-start.js'],
  styles: ['/assets/staff.css'],
};
const patient: StartFiles = {
  entry: '/assets/patient-main.js',
  scripts: ['/assets/patient-start.js'],
  styles: ['/assets/patient.css'],
};

interface Element {
  tag: string;
  attributes: Record<string, string>;
  [property: string]: unknown;
}

/** Runs index.html's start script at an address, as a shown page would; answers what it put in the head. */
function runAt(pathname: string, unsupported = false): Element[] {
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
  const window = { cgmUnsupportedBrowser: unsupported };
  const requestAnimationFrame = (callback: () => void) => {
    callback();
  };
  const setTimeout = (callback: () => void) => {
    callback();
  };
  runInNewContext(pageStartScript(staff, patient), {
    window,
    document,
    location: { pathname },
    requestAnimationFrame,
    setTimeout,
  });
  return head;
}

const hrefs = (head: Element[], rel: string) => head.filter((element) => element.rel === rel).map(({ href }) => href);
const started = (head: Element[]) => head.filter(({ tag }) => tag === 'script').map(({ src }) => src);

describe("index.html's start script (issue 32)", () => {
  it("starts the patient's pages only at the patient's link, under any product's name", () => {
    for (const pathname of ['/cgm/patientlogin', '/cgm/patientlogin/', '/other/patientlogin']) {
      const head = runAt(pathname);
      expect(started(head)).toEqual(['/assets/patient-main.js']);
      expect(hrefs(head, 'modulepreload')).toEqual(['/assets/patient-main.js', '/assets/patient-start.js']);
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
      expect(started(head)).toEqual(['/assets/index.js']);
      expect(hrefs(head, 'modulepreload')).toEqual(['/assets/index.js', '/assets/staff-start.js']);
    }
  });

  it('marks the stylesheets for the first render to put in place, at a low priority, and the scripts at their usual one', () => {
    const head = runAt('/cgm/login');
    const style = head.find((element) => element.rel === 'preload');
    expect(style?.as).toBe('style');
    expect(style?.attributes['data-first-visit-style']).toBe('');
    expect(style?.fetchPriority).toBe('low');
    expect(head.filter((element) => element.rel === 'modulepreload').map(({ fetchPriority }) => fetchPriority)).toEqual(
      [undefined, undefined],
    );
  });

  it('downloads and starts nothing in a browser the browser check turned away', () => {
    expect(runAt('/cgm/patientlogin', true)).toEqual([]);
  });
});
