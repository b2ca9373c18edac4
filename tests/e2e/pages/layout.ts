import type { Locator, Page } from '@playwright/test';

/** How far the page scrolls sideways (WCAG 1.4.10 reflow: 0 at 320 CSS px, i.e. 400 % zoom of 1280 px). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Controls that fail WCAG 2.5.8 (target size, minimum): smaller than 24×24 CSS px and without the spacing the
 * criterion accepts instead (a 24 px circle centred on it touches no other target). Links inside a sentence are
 * exempt, as the criterion allows; hidden controls are not targets.
 */
export function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((elements) => {
    const boxes = elements
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 || box.height > 0);
    const distance = (x: number, y: number, box: DOMRect) => {
      const dx = Math.max(box.left - x, 0, x - box.right);
      const dy = Math.max(box.top - y, 0, y - box.bottom);
      return Math.hypot(dx, dy);
    };
    const tooSmall: string[] = [];
    for (const { element, box } of boxes) {
      if (element.tagName === 'A' && getComputedStyle(element).display === 'inline' && element.closest('p, li')) {
        continue;
      }
      if (box.width >= 24 && box.height >= 24) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      // Spacing exception: the 24 px circles of two undersized targets must not meet, so each keeps 12 px clear.
      const crowded = boxes.some(
        (other) => other.element !== element && !other.element.contains(element) && distance(x, y, other.box) < 12,
      );
      if (crowded) {
        const name = element.getAttribute('aria-label') ?? (element.textContent.trim() || element.tagName);
        tooSmall.push(`${name} (${String(Math.round(box.width))}×${String(Math.round(box.height))})`);
      }
    }
    return tooSmall;
  });
}

/** The buttons, links and form fields a person can press or type in, on the whole page. */
export function targets(page: Page): Locator {
  return page.locator('button:visible, a[href]:visible, input:visible:not([type=hidden]), select:visible');
}

/**
 * Whether the focused control looks different from the same control unfocused (WCAG 2.4.7): an outline, a ring
 * or a field border that changes colour all count, as a person sees them. The field's frame is compared, not only
 * the inner input, since Mantine draws a field's focus on its wrapper.
 */
export async function focusIsVisible(page: Page): Promise<boolean> {
  const focused = await page.evaluateHandle(() => document.activeElement);
  const control = focused.asElement();
  if (!control || (await control.evaluate((element) => element === document.body))) return false;
  const frame = await control.evaluateHandle((element) => element.closest('.mantine-Input-wrapper') ?? element);
  const box = await frame.boundingBox();
  if (!box) return false;
  // A ring drawn outside the control (Mantine's outline has an offset) is part of what a person sees.
  const margin = 6;
  const clip = { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin };
  const withFocus = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  await control.evaluate((element) => {
    (element as HTMLElement).blur();
  });
  const without = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  await control.evaluate((element) => {
    (element as HTMLElement).focus();
  });
  return !withFocus.equals(without);
}

/** The accessible-ish name of the focused element, to check the order the keyboard goes through a page. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return '';
    const labelled = element.getAttribute('aria-label');
    if (labelled) return labelled;
    // Without the required mark a field's label ends with.
    if (element instanceof HTMLInputElement && element.labels?.[0]) {
      return element.labels[0].textContent.replace(/\s*\*$/, '').trim();
    }
    return element.textContent.trim();
  });
}

/** Whether the focus is inside `scope`. */
export function focusIsWithin(scope: Locator): Promise<boolean> {
  return scope.evaluate((element) => element.contains(document.activeElement));
}

/**
 * How far the fixed footer reaches over the lowest content of the page once it is scrolled to its end (WCAG 1.4.10
 * on a phone: nothing may hide under it). At most 0 when it covers nothing. Its own text must fit its band too,
 * or wrapped lines would spill over the page above it. Content inside a region that scrolls on its own (the
 * privacy notice) counts down to that region's lower edge, which is all the page shows of it.
 */
export function footerOverlap(page: Page): Promise<number> {
  return page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const main = document.getElementById('main');
    const band = document.querySelector('footer, [role=contentinfo]');
    if (!main || !band) throw new Error('the page has no main region or no footer');
    const spill = band.scrollHeight - band.clientHeight;
    const footerTop = band.getBoundingClientRect().top;
    const shownBottom = (element: Element): number => {
      let bottom = element.getBoundingClientRect().bottom;
      for (let parent = element.parentElement; parent && parent !== main; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowY !== 'visible') {
          bottom = Math.min(bottom, parent.getBoundingClientRect().bottom);
        }
      }
      return bottom;
    };
    const lastBottoms = Array.from(main.querySelectorAll('button, a[href], input, label, p, td, h1, h2, h3, li'))
      .filter((element) => element.getBoundingClientRect().height > 0)
      .map(shownBottom);
    return Math.max(spill, Math.max(...lastBottoms) - footerTop);
  });
}

/**
 * Visible text and controls that reach past the left or right edge of the window (cut off, WCAG 1.4.10), named
 * by their text. A box a parent clips (overflow hidden) still reaches past the edge, so it is found too. What sits
 * in a box that scrolls sideways of its own (a data table's scroll area, WCAG 1.4.10's two-dimensional exception)
 * is reached by scrolling that box, so it is not cut off.
 */
export function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const selector = ['button', 'a[href]', 'input', 'label', 'p', 'h1', 'h2', 'h3', 'li', 'td']
      .map((tag) => `#main ${tag}`)
      .concat('footer *')
      .join(', ');
    return Array.from(document.querySelectorAll(selector))
      .filter((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      .filter((element) => {
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          const { overflowX } = getComputedStyle(parent);
          if ((overflowX === 'auto' || overflowX === 'scroll') && parent.scrollWidth > parent.clientWidth) return false;
        }
        return true;
      })
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && box.height > 1 && (box.left < -1 || box.right > width + 1))
      .map(({ element, box }) => {
        const name = element.getAttribute('aria-label') ?? (element.textContent.trim().slice(0, 40) || element.tagName);
        return `${name} (${String(Math.round(box.left))} to ${String(Math.round(box.right))} of ${String(width)})`;
      });
  });
}
