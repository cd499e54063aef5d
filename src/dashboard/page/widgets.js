// @ts-check
/** Small building blocks shared by the views: badges, figures, cards, text blocks that stay readable when long. */
import { h, visibleText } from './dom.js';
import { displayValue, formatBytes, formatInt, formatPercent } from './format.js';

/** @import { Child } from './dom.js' */

/** @type {Record<string, string>} */
const STATUS_TEXT = {
  passed: 'passed',
  failed: 'failed',
  skipped: 'skipped',
  completed: 'completed',
  interrupted: 'interrupted',
  running: 'running',
  incomplete: 'incomplete',
  unreadable: 'unreadable',
  error: 'error',
  regressed: 'regressed',
  fixed: 'fixed',
  still_failing: 'still failing',
  added: 'added',
  removed: 'removed',
};

/** @type {Record<string, string>} */
const ICONS = { passed: '✓', failed: '✗', skipped: '⊘', error: '!', running: '●' };

/**
 * @param {string} status
 * @param {string | null} [text]
 */
export function badge(status, text) {
  const known = Object.hasOwn(STATUS_TEXT, status) ? status : 'unknown';
  return h('span', { className: `badge badge-${known}` }, text ?? STATUS_TEXT[known] ?? String(status));
}

/**
 * @param {string} status
 * @param {string} [label]
 */
export function statusIcon(status, label) {
  const known = Object.hasOwn(ICONS, status) ? status : 'skipped';
  return h(
    'span',
    { className: `icon icon-${known}`, title: label ?? status, 'aria-label': label ?? status },
    ICONS[known],
  );
}

/**
 * The tone of a pass rate: all passed, some failed, nothing ran. A run that did not finish (interrupted,
 * stopped, still running) is never all green: its rate is of the cases that finished only.
 * @param {number} rate
 * @param {number} total
 * @param {boolean} [partial]
 */
export function rateTone(rate, total, partial = false) {
  if (!total) return 'muted';
  if (rate >= 1) return partial ? 'warn' : 'good';
  return rate >= 0.8 ? 'warn' : 'bad';
}

/**
 * @param {number} rate
 * @param {number} total
 * @param {boolean} [partial] the run did not finish (see rateTone)
 */
export function passBar(rate, total, partial = false) {
  const width = `${Math.max(0, Math.min(1, rate || 0)) * 100}%`;
  return h(
    'span',
    { className: `passbar tone-${rateTone(rate, total, partial)}${partial ? ' partial' : ''}` },
    h('span', { className: 'passbar-track' }, h('span', { className: 'passbar-fill', style: { width } })),
    h('span', { className: 'passbar-text' }, total ? formatPercent(rate) : '–'),
  );
}

/**
 * @param {string} label
 * @param {Child} value
 * @param {Child} [detail]
 * @param {string | null} [tone]
 */
export function stat(label, value, detail, tone) {
  return h(
    'div',
    { className: `stat${tone ? ` tone-${tone}` : ''}` },
    h('div', { className: 'stat-label' }, label),
    h('div', { className: 'stat-value' }, value),
    detail ? h('div', { className: 'stat-detail' }, detail) : null,
  );
}

/**
 * @param {string} title
 * @param {{ actions?: Child, className?: string, id?: string } | null} options
 * @param {...Child} children
 */
export function card(title, options, ...children) {
  const { actions, className, id } = options ?? {};
  return h(
    'section',
    { className: `card${className ? ` ${className}` : ''}`, id },
    title || actions ? h('header', { className: 'card-head' }, h('h2', {}, title), actions ?? null) : null,
    h('div', { className: 'card-body' }, ...children),
  );
}

/** @param {string} text */
export function empty(text) {
  return h('div', { className: 'empty' }, text);
}

/** @param {unknown} error what the load threw (an Error, as a rule) */
export function errorBox(error) {
  return h(
    'div',
    { className: 'error-box', role: 'alert' },
    h('strong', {}, 'Could not load: '),
    /** @type {{ message?: string } | null | undefined} */ (error)?.message ?? String(error),
  );
}

export function loading(text = 'Loading…') {
  return h('div', { className: 'loading' }, text);
}

const SHOW_CHARS = 20_000;

/**
 * Pre-formatted text; very long text shows its start and a button to show the rest.
 * @param {unknown} text
 * @param {string} [className]
 */
export function textBlock(text, className = '') {
  const full = visibleText(text ?? '');
  const pre = h('pre', { className: `text ${className}`.trim() });
  if (full.length <= SHOW_CHARS) {
    pre.textContent = full === '' ? '(empty)' : full;
    if (full === '') pre.classList.add('is-empty');
    return pre;
  }
  pre.textContent = full.slice(0, SHOW_CHARS);
  const more = h(
    'button',
    {
      type: 'button',
      className: 'link-button',
      on: {
        click: () => {
          pre.textContent = full;
          more.remove();
        },
      },
    },
    `Show all ${formatInt(full.length)} characters`,
  );
  return h('div', { className: 'text-wrap' }, pre, more);
}

const COLLAPSE_CHARS = 320;
const COLLAPSE_LINES = 8;

/**
 * A value (JSON or text); long ones are collapsed behind a summary line with their size.
 * @param {unknown} value
 * @param {string} label
 */
export function valueBlock(value, label) {
  const text = displayValue(value);
  const lines = text.split('\n').length;
  if (text.length <= COLLAPSE_CHARS && lines <= COLLAPSE_LINES) return textBlock(text, 'value');
  return lazyDetails(
    h(
      'span',
      { className: 'muted' },
      `${label} · ${formatBytes(new TextEncoder().encode(text).length)} · ${formatInt(lines)} lines`,
    ),
    () => textBlock(text, 'value'),
    'long-value',
  );
}

/**
 * `<details>` whose body is built the first time it opens (or now, when open).
 * @param {Child} summary
 * @param {() => Node} build
 * @param {string} [className]
 * @param {boolean} [open]
 */
export function lazyDetails(summary, build, className, open = false) {
  const details = h('details', { className }, h('summary', {}, summary));
  let built = false;
  const fill = () => {
    if (built || !details.open) return;
    built = true;
    details.append(build());
  };
  details.addEventListener('toggle', fill);
  if (open) {
    details.open = true;
    fill();
  }
  return details;
}

/** @param {ReadonlyArray<readonly [string, Child]>} pairs */
export function keyValues(pairs) {
  return h(
    'dl',
    { className: 'kv' },
    pairs
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .map(([key, value]) => [h('dt', {}, key), h('dd', {}, value)]),
  );
}

/**
 * @param {ReadonlyArray<readonly [string, string]>} options `[value, text]`
 * @param {string | null | undefined} value
 * @param {(value: string) => void} onChange
 * @param {string} label
 */
export function select(options, value, onChange, label) {
  const element = h(
    'select',
    { 'aria-label': label, on: { change: () => onChange(element.value) } },
    options.map(([optionValue, text]) => h('option', { value: optionValue }, text)),
  );
  element.value = value ?? '';
  return element;
}
