/** The HTML shell of the page: served (assets by URL) or static (assets and data inlined in one file). */
import { createHash } from 'node:crypto';
import { displayControlsPattern } from '../core/display-controls.js';
import { DashboardError } from './dashboard-error.js';

/** The policy the server sends with the page: only its own scripts, styles and API. */
export const SERVED_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * JSON that can sit inside `<script type="application/json">`: `<`, `>` and `&` are written as `\u` escapes,
 * so no data can close the element or open a comment, and JSON.parse reads the same value back.
 */
export function jsonForScriptElement(value: unknown): string {
  return scriptSafePieces(JSON.stringify(value)).join('');
}

/**
 * JSON text made safe for the script element as jsonForScriptElement makes it, in pieces of at most about a
 * megabyte each: escaped in slices, since one replace over a run's whole JSON (hundreds of MB of answers full of
 * `<` and `&`) collects more matches than V8 can hold in one array, which ends the process outright; and written
 * piece by piece, since the escapes (six characters for one) can make the whole longer than a string may be.
 */
export function scriptSafePieces(json: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < json.length; start += ESCAPE_SLICE) {
    pieces.push(json.slice(start, start + ESCAPE_SLICE).replace(SCRIPT_UNSAFE, escapeScriptUnsafe));
  }
  return pieces;
}

const ESCAPE_SLICE = 1 << 20;
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const escapeScriptUnsafe = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Controls in a title (a run's agent name) spelled out, as the page shows them: none reorders the tab's text. */
const TITLE_CONTROLS = displayControlsPattern();

function head(title: string, extra: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title.replace(TITLE_CONTROLS, escapeScriptUnsafe))}</title>`,
    '<link rel="icon" href="data:,">',
    extra,
    '</head>',
  ].join('\n');
}

const NOSCRIPT = '<noscript>The HoloDeck dashboard needs JavaScript.</noscript>';

/** The page as the server sends it: stylesheets (in cascade order) and the entry module by URL. */
export function servedPageHtml(stylesheets: readonly string[]): string {
  const assets = [
    ...stylesheets.map((name) => `<link rel="stylesheet" href="/assets/${escapeHtml(name)}">`),
    '<script type="module" src="/assets/app.js"></script>',
  ].join('\n');
  return `${head('HoloDeck runs', assets)}\n<body>\n<div id="app"></div>\n${NOSCRIPT}\n</body>\n</html>\n`;
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export interface StaticPageParts {
  readonly title: string;
  readonly css: string;
  /** The bundled page script (see page-bundle.ts). */
  readonly script: string;
  readonly data: unknown;
}

/** The self-contained file around its data: `before` opens the data's script element, `after` closes it. */
export interface StaticPageShell {
  readonly before: string;
  readonly after: string;
}

/** One self-contained file; its policy allows exactly the inlined script and style, by hash. */
export function staticPageHtml(parts: StaticPageParts): string {
  const { before, after } = staticPageShell(parts);
  return `${before}${jsonForScriptElement(parts.data)}${after}`;
}

/** The file staticPageHtml writes, but for its data: written between the two, as script-safe JSON. */
export function staticPageShell(parts: Omit<StaticPageParts, 'data'>): StaticPageShell {
  if (/<\/style/i.test(parts.css)) throw new DashboardError('PAGE_BUNDLE_INVALID', 'the page CSS contains `</style`');
  const script = `\n${parts.script}`;
  const css = `\n${parts.css}`;
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(css)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const extra = [
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">`,
    `<style>${css}</style>`,
  ].join('\n');
  const before = [
    head(parts.title, extra),
    '<body>',
    '<div id="app"></div>',
    NOSCRIPT,
    '<script type="application/json" id="holodeck-data">',
  ].join('\n');
  const after = ['</script>', `<script>${script}</script>`, '</body>', '</html>', ''].join('\n');
  return { before, after };
}
