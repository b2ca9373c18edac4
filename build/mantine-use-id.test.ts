import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { mantineUseIdPlugin, useIdModule } from './mantine-use-id';

type Load = (id: string) => string | null;
const load = mantineUseIdPlugin().load as Load;

/** The module's hook, run with a React that has an id hook only: a state or effect hook would throw. */
function hookWith(reactId: string): (staticId?: string) => string {
  const script = useIdModule
    .replace("import { useId as useReactId } from 'react';", 'const useReactId = React.useId;')
    .replace('export function useId', 'function useId')
    .concat('useId;');
  return runInNewContext(script, { React: { useId: () => reactId } }) as (staticId?: string) => string;
}

describe("Mantine's id hook in the built client (issue 32)", () => {
  it("answers Mantine's own module only", () => {
    expect(load('/work/app/node_modules/@mantine/hooks/esm/use-id/use-id.mjs')).toBe(useIdModule);
    expect(load('C:\\app\\node_modules\\@mantine\\hooks\\esm\\use-id\\use-id.mjs')).toBe(useIdModule);
    expect(load('/work/app/node_modules/@mantine/hooks/esm/use-id/use-id.mjs.map')).toBeNull();
    expect(load('/work/app/node_modules/@mantine/hooks/esm/use-uncontrolled/use-uncontrolled.mjs')).toBeNull();
  });

  it("gives a field's own id, else React's, without a state update after the first render", () => {
    const useId = hookWith(':r1:');
    expect(useId('birth-date')).toBe('birth-date');
    expect(useId()).toBe('mantine-r1');
  });
});
