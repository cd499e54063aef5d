// @ts-check
/**
 * A scrolling list that renders only the rows in view (plus a margin), so a run with thousands of test cases
 * stays fast. Rows have a fixed height; the spacer gives the scrollbar the full length.
 */
import { h } from './dom.js';

const OVERSCAN = 12;

/**
 * @template T
 * @param {{
 *   rowHeight: number,
 *   renderRow: (item: T, index: number) => HTMLElement,
 *   columns?: readonly string[] | null,
 *   className?: string,
 *   maxHeight?: string,
 *   emptyText?: string,
 * }} options
 */
export function virtualList({
  rowHeight,
  renderRow,
  columns = null,
  className = '',
  maxHeight = '70vh',
  emptyText = 'Nothing to show.',
}) {
  /** @type {readonly T[]} */
  let items = [];
  let rendered = { from: -1, to: -1 };
  const spacer = h('div', { className: 'vlist-spacer' });
  const viewport = h('div', { className: 'vlist', style: { maxHeight }, role: 'list' }, spacer);
  const emptyNote = h('div', { className: 'empty' }, emptyText);

  /** @param {boolean} force */
  const draw = (force) => {
    const top = viewport.scrollTop;
    const visible = Math.ceil((viewport.clientHeight || 600) / rowHeight);
    const from = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
    const to = Math.min(items.length, from + visible + OVERSCAN * 2);
    if (!force && from === rendered.from && to === rendered.to) return;
    rendered = { from, to };
    const rows = [];
    for (let index = from; index < to; index += 1) {
      const row = renderRow(/** @type {T} */ (items[index]), index);
      row.style.top = `${index * rowHeight}px`;
      row.style.height = `${rowHeight}px`;
      row.setAttribute('role', 'listitem');
      rows.push(row);
    }
    spacer.replaceChildren(...rows);
  };

  let frame = 0;
  viewport.addEventListener('scroll', () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      draw(false);
    });
  });
  const resize = new ResizeObserver(() => draw(false));
  resize.observe(viewport);

  const head = columns
    ? h(
        'div',
        { className: 'vhead', 'aria-hidden': 'true' },
        columns.map((title) => h('span', {}, title)),
      )
    : null;
  const element = h('div', { className: `vlist-wrap ${className}`.trim() }, head, viewport, emptyNote);

  return {
    element,
    /**
     * Replaces the items, keeping the scroll position when `keepScroll` is set.
     * @param {readonly T[]} next
     * @param {boolean} [keepScroll]
     */
    update(next, keepScroll = false) {
      items = next;
      spacer.style.height = `${items.length * rowHeight}px`;
      emptyNote.hidden = items.length > 0;
      viewport.hidden = items.length === 0;
      if (head) head.hidden = items.length === 0;
      if (!keepScroll) viewport.scrollTop = 0;
      draw(true);
    },
  };
}
