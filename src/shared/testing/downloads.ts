import { vi } from 'vitest';

/** A file the page handed to the browser as a download: the name it is saved under and what it holds. */
export interface Download {
  name: string;
  file: Blob;
}

/**
 * jsdom has no object URLs, and a click on a download link saves nothing: the downloads the page starts are caught
 * instead, in the order it starts them. Undo the click's spy with vi.restoreAllMocks().
 */
export function catchDownloads(): Download[] {
  const files = new Map<string, Blob>();
  const downloads: Download[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (file: Blob) => {
      const url = `blob:download-${String(files.size + 1)}`;
      files.set(url, file);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const file = files.get(this.href);
    if (file) downloads.push({ name: this.download, file });
  });
  return downloads;
}
