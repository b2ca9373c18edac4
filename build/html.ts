/**
 * Small helpers for the pages made outside the client: the server's own (reference runner, report, demo outbox) and
 * the build's browser-not-supported page: escaped text, one page frame. They live with the build, which imports
 * nothing from server/; the server imports them from here.
 */

const escapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

/**
 * JSON for a non-executable <script type="application/json"> block: '<' is escaped so no value can close the
 * block, and the page's script reads it with JSON.parse (the CSP allows no inline script).
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function pageFrame(options: {
  lang: string;
  title: string;
  body: string;
  /** A stylesheet's address; a page without one brings its styles in `head`. */
  stylesheet?: string;
  /** More of the head, already HTML (inline styles, a JSON configuration block), before the script. */
  head?: string;
  script?: string;
  bodyClass?: string;
}): string {
  const stylesheet = options.stylesheet ? `\n<link rel="stylesheet" href="${escapeHtml(options.stylesheet)}">` : '';
  const head = options.head ? `\n${options.head}` : '';
  const script = options.script ? `\n<script src="${escapeHtml(options.script)}" defer></script>` : '';
  return `<!doctype html>
<html lang="${escapeHtml(options.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(options.title)}</title>${stylesheet}${head}${script}
</head>
<body${options.bodyClass ? ` class="${escapeHtml(options.bodyClass)}"` : ''}>
${options.body}
</body>
</html>
`;
}
