/**
 * The chunk the build gathers the patient's link page into, with its styles and what it imports beyond the first
 * download (code-splitting.ts), for the route table of every page (src/app/router.tsx: in development, or a link
 * under another product's name). At the link's own address the patient's start has the page in its first download
 * (src/patient-main.tsx, build/page-starts-plugin.ts).
 */
export const patientLinkChunk = 'patient-link';

/**
 * The patient's link page (src/features/assessments/patient-login-page.tsx) with its styles and what it imports beyond
 * the first download: the one date function it uses, the few Mantine components it adds, the privacy notice, the form fields, the
 * shared contract and its server calls. A module left out still loads, in a file of its own; one the page stops
 * using still goes into its file (Grid left this list when the page's fields went into one column, issue 32).
 */
export const patientLinkModules = new RegExp(
  [
    // Of the date library, only what the privacy notice's acceptance time needs (formatISO). Shown dates (the
    // formats, the three languages' month names: 9 KB compressed) are for the later pages and the staff's, which
    // fetch them with their own code: the link page showed none of them.
    'node_modules/date-fns/(formatISO|toDate|constructFrom|constants|_lib/addLeadingZeros)\\.js',
    'node_modules/@mantine/core/esm/components/(Checkbox|List|VisuallyHidden)/',
    'node_modules/@mantine/hooks/esm/use-resize-observer/',
    'src/shared/ui/(policy/|form/(fields|field-error|server-errors)\\.|page\\.|document-language-note\\.|deferred-modal\\.)',
    // The schemas of every answer, which import each other: staff pages, which all load this file for the form
    // fields, need the rest of them. As a file of its own (4.6 KB) it was one more round trip on a phone.
    'common/(contract|validation)/',
    'src/app/patient-link-styles\\.',
    // The page itself, and its calls to the server, which the patient's later pages share.
    'src/features/assessments/(api|patient-link-token|patient-login-page|patient-login-schema)\\.',
  ]
    .join('|')
    .replaceAll('/', '[\\\\/]'),
);
