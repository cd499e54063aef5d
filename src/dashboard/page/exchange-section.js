// @ts-check
/** A titled part of an exchange (Input, Response, Tool calls...). */
import { h } from './dom.js';

/** @import { Child } from './dom.js' */

/**
 * @param {string} title
 * @param {...Child} children
 */
export function section(title, ...children) {
  return h('section', { className: 'exchange-section' }, h('h3', {}, title), ...children);
}
