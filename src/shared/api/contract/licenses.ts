import { z } from 'zod';

/** One third-party package of the licenses page (About area, spec §1). */
export const packageLicenseSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** The SPDX expression of the package's package.json, or 'UNKNOWN'. */
  license: z.string(),
  repository: z.string().nullable(),
  /** The package's own license file, when it ships one. */
  licenseText: z.string().nullable(),
});
export type PackageLicense = z.infer<typeof packageLicenseSchema>;

/** licenses.json, generated at build time from the installed production dependencies. */
export const licenseListSchema = z.object({
  packages: z.array(packageLicenseSchema),
});
export type LicenseList = z.infer<typeof licenseListSchema>;
