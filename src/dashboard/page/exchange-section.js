/** A titled part of an exchange (Input, Response, Tool calls...). */
import { h } from './dom.js';

export function section(title, ...children) {
  return h('section', { className: 'exchange-section' }, h('h3', {}, title), ...children);
}
