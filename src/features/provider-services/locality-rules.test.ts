import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allLocalitiesState,
  hasDefaultLocality,
  hasSelectedLocality,
  initialLocalityChoices,
  setDefaultLocality,
  toggleAllLocalities,
  toggleLocality,
  type LocalityChoice,
} from './locality-rules';

const references = [
  { id: 'en-US', name: 'United States - English' },
  { id: 'es-US', name: 'United States - Spanish' },
  { id: 'fr-FR', name: 'France - French' },
  { id: 'fr-CA', name: 'Canada - French' },
];

const fresh = (): LocalityChoice[] => initialLocalityChoices(references);
const selectedIds = (list: readonly LocalityChoice[]) => list.filter((l) => l.selected).map((l) => l.id);
const defaultIds = (list: readonly LocalityChoice[]) => list.filter((l) => l.isDefaultLocality).map((l) => l.id);

describe('locality rules (spec §4)', () => {
  it('starts an add with nothing selected and no default', () => {
    const list = fresh();
    expect(selectedIds(list)).toEqual([]);
    expect(defaultIds(list)).toEqual([]);
    expect(allLocalitiesState(list)).toBe('none');
  });

  it("'all' selects every locality, and unticking 'all' unselects every one", () => {
    const all = toggleAllLocalities(fresh(), true);
    expect(selectedIds(all)).toEqual(['en-US', 'es-US', 'fr-FR', 'fr-CA']);
    expect(allLocalitiesState(all)).toBe('all');
    const none = toggleAllLocalities(all, false);
    expect(selectedIds(none)).toEqual([]);
    expect(defaultIds(none)).toEqual([]);
  });

  it("reports 'some' while only part of the localities is selected", () => {
    expect(allLocalitiesState(toggleLocality(fresh(), 'fr-FR', true))).toBe('some');
  });

  it('makes the first selected locality the default, so exactly one default is kept', () => {
    const list = toggleLocality(toggleLocality(fresh(), 'fr-FR', true), 'es-US', true);
    expect(defaultIds(list)).toEqual(['fr-FR']);
  });

  it('moves the default to the first selected locality when the default is unselected', () => {
    let list = toggleAllLocalities(fresh(), true);
    list = setDefaultLocality(list, 'fr-FR');
    list = toggleLocality(list, 'en-US', false);
    list = toggleLocality(list, 'fr-FR', false);
    expect(selectedIds(list)).toEqual(['es-US', 'fr-CA']);
    expect(defaultIds(list)).toEqual(['es-US']);
  });

  it('keeps the default where it is when another locality is unselected', () => {
    let list = setDefaultLocality(toggleAllLocalities(fresh(), true), 'fr-CA');
    list = toggleLocality(list, 'en-US', false);
    expect(defaultIds(list)).toEqual(['fr-CA']);
  });

  it('lets a default be ticked only on a selected locality', () => {
    const list = toggleLocality(fresh(), 'en-US', true);
    const unchanged = setDefaultLocality(list, 'es-US');
    expect(defaultIds(unchanged)).toEqual(['en-US']);
    const withSpanish = toggleLocality(list, 'es-US', true);
    expect(defaultIds(setDefaultLocality(withSpanish, 'es-US'))).toEqual(['es-US']);
  });

  it('locks previously added localities on edit: neither a tick nor "all" can unselect them', () => {
    const edit = initialLocalityChoices(references, [
      { localityId: 'en-US', isDefault: false },
      { localityId: 'es-US', isDefault: true },
    ]);
    expect(edit.filter((l) => l.previouslyAdded).map((l) => l.id)).toEqual(['en-US', 'es-US']);
    expect(selectedIds(toggleLocality(edit, 'en-US', false))).toEqual(['en-US', 'es-US']);
    const afterAllOff = toggleAllLocalities(toggleAllLocalities(edit, true), false);
    expect(selectedIds(afterAllOff)).toEqual(['en-US', 'es-US']);
    expect(defaultIds(afterAllOff)).toEqual(['es-US']);
  });

  it('lets the default move between locked localities on edit', () => {
    const edit = initialLocalityChoices(references, [
      { localityId: 'en-US', isDefault: true },
      { localityId: 'es-US', isDefault: false },
    ]);
    expect(defaultIds(setDefaultLocality(edit, 'es-US'))).toEqual(['es-US']);
  });

  it('allows saving an add only once a language is selected and a default chosen', () => {
    expect(hasSelectedLocality(fresh()) && hasDefaultLocality(fresh())).toBe(false);
    const one = toggleLocality(fresh(), 'fr-CA', true);
    expect(hasSelectedLocality(one)).toBe(true);
    expect(hasDefaultLocality(one)).toBe(true);
  });

  describe('properties over any sequence of ticks', () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('toggle' as const), index: fc.nat(3), selected: fc.boolean() }),
      fc.record({ kind: fc.constant('default' as const), index: fc.nat(3) }),
      fc.record({ kind: fc.constant('all' as const), selected: fc.boolean() }),
    );
    const saved = fc.subarray(['en-US', 'es-US', 'fr-FR', 'fr-CA']);
    /** The choices of an edit whose provider service was saved with `savedIds`, the first of them the default. */
    const savedChoices = (savedIds: string[]) =>
      initialLocalityChoices(
        references,
        savedIds.map((localityId, index) => ({ localityId, isDefault: index === 0 })),
      );

    type Step =
      | { kind: 'toggle'; index: number; selected: boolean }
      | { kind: 'default'; index: number }
      | { kind: 'all'; selected: boolean };

    function apply(list: LocalityChoice[], step: Step): LocalityChoice[] {
      const id = (index: number) => references[index]?.id ?? 'en-US';
      switch (step.kind) {
        case 'toggle':
          return toggleLocality(list, id(step.index), step.selected);
        case 'default':
          return setDefaultLocality(list, id(step.index));
        case 'all':
          return toggleAllLocalities(list, step.selected);
      }
    }

    it('keeps exactly one default among the selected (none when none is selected)', () => {
      fc.assert(
        fc.property(saved, fc.array(action, { maxLength: 40 }), (savedIds, steps) => {
          let list = savedChoices(savedIds);
          for (const step of steps) {
            list = apply(list, step);
            const defaults = list.filter((l) => l.isDefaultLocality);
            expect(defaults.length).toBe(hasSelectedLocality(list) ? 1 : 0);
            expect(defaults.every((l) => l.selected)).toBe(true);
          }
        }),
      );
    });

    it('never unselects a previously added locality', () => {
      fc.assert(
        fc.property(saved, fc.array(action, { maxLength: 40 }), (savedIds, steps) => {
          let list = savedChoices(savedIds);
          for (const step of steps) list = apply(list, step);
          for (const localityId of savedIds) {
            expect(list.find((l) => l.id === localityId)?.selected).toBe(true);
          }
        }),
      );
    });
  });
});
