import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** A page as the route announcer last saw it: its path and its h1 (null while it has none) with the h1's text. */
export interface PageView {
  pathname: string;
  heading: HTMLElement | null;
  text: string;
}

/** How long a navigation may take to show its page's h1 (a page that loads its data first shows it late). */
export const headingWaitMs = 3_000;
const headingPollMs = 50;
const announceDelayMs = 100;

/**
 * Whether a navigation showed a new page, which takes the focus, rather than the same page again. Only the query
 * string changing (a list's filters) keeps the page; so does a dialog route opening over the page it belongs to, or
 * closing back to it (/patient/7 and /patient/7/edit): the path of one continues the other's and the page's h1 is
 * the same element with the same text, still on screen behind the dialog. (React may keep the h1 element for another
 * page drawn by the same components, with new text: that is a new page.)
 */
export function isNewPage(before: PageView, after: PageView): boolean {
  if (before.pathname === after.pathname) return false;
  const nested = after.pathname.startsWith(`${before.pathname}/`) || before.pathname.startsWith(`${after.pathname}/`);
  return !(nested && after.heading !== null && after.heading === before.heading && after.text === before.text);
}

/** Whether a modal dialog is open: it holds the focus, so nothing may take it away (the idle warning, an edit form). */
export function dialogIsOpen(doc: Document): boolean {
  return doc.querySelector('[role=dialog][aria-modal=true], [role=alertdialog][aria-modal=true]') !== null;
}

function currentHeading(doc: Document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('#main h1');
}

/**
 * WCAG 2.4.3 and 4.1.3: after a navigation (Continue, Begin, signing in, a link) the focus moves to the new page's
 * h1 and a polite live region reads the page's title, as a full page load would make a screen reader do; otherwise
 * the focus stays on a button that is gone, which puts it on the body, and nothing is said. Nothing moves on the first
 * load of the app (nor on the redirects of its start, before the person has pressed anything), when only the query
 * string changes, when a dialog route opens or closes over its page, or while a dialog is open.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const { t } = useTranslation('common');
  const shown = useRef<PageView | null>(null);
  /** The tab's name when the page shown last had settled. */
  const titles = useRef('');
  const interacted = useRef(false);

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    document.addEventListener('pointerdown', mark, true);
    document.addEventListener('keydown', mark, true);
    return () => {
      document.removeEventListener('pointerdown', mark, true);
      document.removeEventListener('keydown', mark, true);
    };
  }, []);

  useEffect(() => {
    const before = shown.current;
    const started = Date.now();
    let timer: number | undefined;
    let announce: number | undefined;

    const settle = (heading: HTMLElement | null) => {
      const after: PageView = { pathname, heading, text: heading?.textContent ?? '' };
      const newPage = before !== null && heading !== null && isNewPage(before, after);
      // A page that names the tab itself (Page does) has done so by now; one that does not would leave the last
      // page's name on the tab, so it is named after its h1.
      if (newPage && document.title === titles.current && after.text !== before.text) {
        document.title = t('documentTitle', { page: after.text });
      }
      titles.current = document.title;
      shown.current = after;
      if (!newPage || !interacted.current || dialogIsOpen(document)) return;
      // An h1 is not a control: focusable by script only, so Tab still starts from it without stopping on it.
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
      const title = document.title || heading.textContent;
      // Emptied first and filled a moment later, so that the same title read again (a page left and opened again)
      // is still a change for the live region.
      setMessage('');
      announce = window.setTimeout(() => {
        setMessage(title);
      }, announceDelayMs);
    };

    const look = () => {
      timer = undefined;
      const heading = currentHeading(document);
      const nested =
        before !== null &&
        (pathname === before.pathname ||
          pathname.startsWith(`${before.pathname}/`) ||
          before.pathname.startsWith(`${pathname}/`));
      // A new page's h1 is a new element, or the same one with the new page's text (the same page component on
      // another patient); a dialog route keeps its page's h1. A page still loading shows its h1 a little later.
      const changed =
        heading !== null &&
        (before === null || nested || heading !== before.heading || heading.textContent !== before.text);
      if (changed || Date.now() - started >= headingWaitMs) {
        settle(heading);
        return;
      }
      timer = window.setTimeout(look, headingPollMs);
    };
    look();
    return () => {
      if (timer !== undefined) window.clearTimeout(timer);
      if (announce !== undefined) window.clearTimeout(announce);
    };
  }, [pathname, t]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
