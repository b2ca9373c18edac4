/**
 * Spec §4, provider-service localities. Pure functions over the list the form shows, so every rule can be
 * tested on its own and the form cannot drift from them:
 * - 'all' selects every locality, or unselects every one that is not locked;
 * - while any locality is selected exactly one selected locality is the default (none when none is selected);
 * - unselecting the default moves the default to the first selected locality;
 * - a default can be ticked only on a selected locality;
 * - on edit, previously added localities are locked: they stay selected.
 */
export interface LocalityChoice {
  id: string;
  /** 'location - language', e.g. 'United States - English'. */
  name: string;
  selected: boolean;
  isDefaultLocality: boolean;
  /** Saved on the provider service before this edit: cannot be unticked. */
  previouslyAdded: boolean;
}

/** Keeps exactly one default among the selected: the current one if still valid, else the first selected. */
function normaliseDefault(list: readonly LocalityChoice[]): LocalityChoice[] {
  const current = list.find((locality) => locality.selected && locality.isDefaultLocality);
  const chosen = current ?? list.find((locality) => locality.selected);
  return list.map((locality) => ({ ...locality, isDefaultLocality: locality.id === chosen?.id }));
}

export function toggleLocality(list: readonly LocalityChoice[], id: string, selected: boolean): LocalityChoice[] {
  return normaliseDefault(
    list.map((locality) => {
      if (locality.id !== id) return locality;
      if (!selected && locality.previouslyAdded) return locality;
      return { ...locality, selected, isDefaultLocality: selected && locality.isDefaultLocality };
    }),
  );
}

export function toggleAllLocalities(list: readonly LocalityChoice[], selected: boolean): LocalityChoice[] {
  return normaliseDefault(
    list.map((locality) => ({
      ...locality,
      selected: selected || locality.previouslyAdded,
      isDefaultLocality: (selected || locality.previouslyAdded) && locality.isDefaultLocality,
    })),
  );
}

/** Ticking the default of an unselected locality does nothing. */
export function setDefaultLocality(list: readonly LocalityChoice[], id: string): LocalityChoice[] {
  const target = list.find((locality) => locality.id === id);
  if (!target?.selected) return [...list];
  return list.map((locality) => ({ ...locality, isDefaultLocality: locality.id === id }));
}

export type AllLocalitiesState = 'all' | 'some' | 'none';

export function allLocalitiesState(list: readonly LocalityChoice[]): AllLocalitiesState {
  const count = list.filter((locality) => locality.selected).length;
  if (count === 0) return 'none';
  return count === list.length ? 'all' : 'some';
}

export function hasSelectedLocality(list: readonly LocalityChoice[]): boolean {
  return list.some((locality) => locality.selected);
}

export function hasDefaultLocality(list: readonly LocalityChoice[]): boolean {
  return list.some((locality) => locality.selected && locality.isDefaultLocality);
}

/** The choices the form starts from: every reference locality, ticked where the provider service has it. */
export function initialLocalityChoices(
  localities: readonly { id: string; name: string }[],
  saved: readonly { localityId: string; isDefault: boolean }[] = [],
): LocalityChoice[] {
  return normaliseDefault(
    localities.map((locality) => {
      const savedLanguage = saved.find((language) => language.localityId === locality.id);
      return {
        id: locality.id,
        name: locality.name,
        selected: savedLanguage !== undefined,
        isDefaultLocality: savedLanguage?.isDefault ?? false,
        previouslyAdded: savedLanguage !== undefined,
      };
    }),
  );
}
