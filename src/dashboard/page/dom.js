// @ts-check
/**
 * The only way the page creates DOM: elements with text children and checked attributes. Data is always set
 * through text nodes and attributes, never parsed as HTML, so agent output cannot become markup or script.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * What an element can hold: nodes, text (numbers are shown as text), nested lists; null, undefined and false
 * add nothing, so children can be written as `condition ? node : null`. Lists nest (three levels are typed).
 * @typedef {Node | string | number | boolean | null | undefined} Leaf
 * @typedef {Leaf | ReadonlyArray<Leaf | ReadonlyArray<Leaf | ReadonlyArray<Leaf>>>} Child
 */

/**
 * Element properties: `className`, `text`, `on` (event handlers), `dataset`, `style`, `href` (a `#/` route);
 * anything else is an attribute (true: present, null/undefined/false: absent).
 * @typedef {{
 *   className?: string | null | undefined,
 *   text?: unknown,
 *   on?: Record<string, (event: Event) => void> | undefined,
 *   dataset?: Record<string, string | number> | undefined,
 *   style?: Record<string, string> | undefined,
 *   href?: string | undefined,
 *   [attribute: string]: unknown,
 * }} Props
 */

/** SVG attributes: numbers and strings, and `on` for event handlers. @typedef {Record<string, unknown>} SvgAttrs */

/**
 * Control characters, and the bidirectional controls that would reorder what follows them (an answer ending in
 * U+202E could show a case name, a verdict or the page's own words backwards), and the invisible characters that
 * make two names look the same (`log\u200bin`, `login`), are shown as `\u202e`, `\u200b`: text
 * from a record reads as it is, as the console and Markdown show it. The set is `core/display-controls.ts`'s (the
 * page is served without a build step, so it keeps a copy; a test holds the two equal).
 */
const CONTROLS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/**
 * Text as the page shows it: every control spelled out.
 * @param {unknown} value
 * @returns {string}
 */
export function visibleText(value) {
  return String(value).replace(CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * @param {Element} parent
 * @param {Child | readonly Child[]} child
 */
function append(parent, child) {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const item of child) append(parent, item);
    return;
  }
  parent.append(child instanceof Node ? child : document.createTextNode(visibleText(child)));
}

/**
 * @param {HTMLElement} element
 * @param {string} name
 * @param {unknown} value
 */
function setProp(element, name, value) {
  if (value === null || value === undefined || value === false) return;
  if (name === 'className') element.className = /** @type {string} */ (value);
  else if (name === 'text') element.textContent = visibleText(value);
  else if (name === 'on')
    for (const [event, handler] of Object.entries(/** @type {NonNullable<Props['on']>} */ (value)))
      element.addEventListener(event, handler);
  else if (name === 'dataset') Object.assign(element.dataset, value);
  else if (name === 'style') Object.assign(element.style, value);
  else if (name === 'href') element.setAttribute('href', safeHref(String(value)));
  else if (name.startsWith('on')) throw new Error(`event handlers go in "on", not ${name}`);
  else if (value === true) element.setAttribute(name, '');
  else element.setAttribute(name, visibleText(value));
}

/**
 * Links stay inside the page: only `#/...` routes.
 * @param {string} href
 * @returns {string}
 */
export function safeHref(href) {
  if (!href.startsWith('#')) throw new Error(`refusing a link outside the page: ${href.slice(0, 40)}`);
  return href;
}

/**
 * `h('div', { className: 'x', on: { click } }, 'text', child)`
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Props | null} [props]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) setProp(element, name, value);
  append(element, children);
  return element;
}

/**
 * An SVG element; attributes are set with setAttribute (numbers and our own strings only).
 * @param {string} tag
 * @param {SvgAttrs | null} [attrs]
 * @param {...Child} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs, ...children) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (name === 'on')
      for (const [event, handler] of Object.entries(/** @type {NonNullable<Props['on']>} */ (value)))
        element.addEventListener(event, handler);
    else if (name.startsWith('on')) throw new Error(`event handlers go in "on", not ${name}`);
    else if (value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

/**
 * Replaces the children of `parent`.
 * @template {Element} E
 * @param {E} parent
 * @param {...Child} children
 * @returns {E}
 */
export function mount(parent, ...children) {
  parent.replaceChildren();
  append(parent, children);
  return parent;
}
