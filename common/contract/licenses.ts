import { z } from 'zod/mini';

/** One third-party package of the licenses page (About area, spec §1). */
export const packageLicenseSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** The SPDX expression of the package's package.json, or 'UNKNOWN'. */
  license: z.string(),
  repository: z.nullable(z.string()),
  /** The package's own license file, when it ships one. */
  licenseText: z.nullable(z.string()),
});
export type PackageLicense = z.infer<typeof packageLicenseSchema>;

/** licenses.json, generated at build time from the installed production dependencies. */
export const licenseListSchema = z.object({
  packages: z.array(packageLicenseSchema),
});
export type LicenseList = z.infer<typeof licenseListSchema>;
