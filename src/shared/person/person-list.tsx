import { useCurrentProviderServiceId } from '../auth/session-context';
import { GeneralList, type GeneralListProps } from '../ui/general-list';

/**
 * Spec §2: a list of people (patients, clinicians or technicians) of the current provider service, sorted by name
 * until the reader sorts otherwise, each row named by the person's name.
 */
export function PersonList<T extends { id: number; name: string }>(
  props: Omit<GeneralListProps<T>, 'providerServiceId' | 'defaultSort' | 'getId' | 'getLabel'>,
) {
  const providerServiceId = useCurrentProviderServiceId();
  return (
    <GeneralList<T>
      {...props}
      providerServiceId={providerServiceId}
      defaultSort={{ orderBy: 'name', ascending: true }}
      getId={(person) => person.id}
      getLabel={(person) => person.name}
    />
  );
}
