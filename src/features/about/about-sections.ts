/** Spec §1/§2: the About index has these four topics, each at /about/index/{index}. */
export const aboutIndexSections = ['general', 'productinformation', 'testconsiderations', 'legal'] as const;
export type AboutIndexSection = (typeof aboutIndexSections)[number];

export function isAboutIndexSection(value: string | undefined): value is AboutIndexSection {
  return (aboutIndexSections as readonly (string | undefined)[]).includes(value);
}

/** Spec §9: the version of the test component the product ships with. */
export const testComponentVersion = '8.1.3';
