import { describe, expect, it } from 'vitest';
import { coveredEdges } from './fixed-bands';

/** A band at `top` px from the top of a 600 px window, `height` tall, positioned as `position`. */
function band(position: string, top: number, height: number): HTMLElement {
  const element = document.createElement('div');
  element.style.position = position;
  element.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 375, height });
  document.body.append(element);
  return element;
}

describe('coveredEdges (WCAG 2.4.11 scroll padding)', () => {
  it('measures the fixed header at the top and the fixed footer and a prompt above it at the bottom', () => {
    const edges = coveredEdges([band('fixed', 0, 92), band('fixed', 534, 66), band('fixed', 480, 104)], 600);
    expect(edges).toEqual({ top: 92, bottom: 120 });
  });

  it('leaves out a band that scrolls with the page (a short window) or is empty', () => {
    expect(coveredEdges([band('static', 0, 92), band('fixed', 534, 0)], 600)).toEqual({ top: 0, bottom: 0 });
  });

  it('counts a sticky band as a fixed one', () => {
    expect(coveredEdges([band('sticky', 0, 40)], 600)).toEqual({ top: 40, bottom: 0 });
  });
});
