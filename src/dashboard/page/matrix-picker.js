// @ts-check
/** The models of a model matrix in the compare view (#/comparison/<id>): the two compared, as links. */
import { h } from './dom.js';
import { modelLabel } from './format.js';
import { comparisonHref } from './router.js';
import { card } from './widgets.js';

/** @import { MatrixInfo } from '../matrix-comparison.js' */

/**
 * The models of a matrix: which one is the baseline (A) and which is compared with it (B), as links.
 * @param {MatrixInfo} matrix
 */
export function matrixPicker(matrix) {
  /** @param {'a' | 'b'} side */
  const pick = (side) =>
    h(
      'div',
      { className: 'filters matrix-pick', dataset: { side } },
      h('span', { className: 'muted' }, side === 'a' ? 'A · baseline' : 'B'),
      matrix.runs.map((run, index) => {
        const chosen = index === matrix[side];
        const [a, b] = side === 'a' ? [index, index === matrix.b ? matrix.a : matrix.b] : [matrix.a, index];
        return h(
          'a',
          {
            className: `chip ${chosen ? 'chip-good' : ''}`,
            href: comparisonHref(matrix.comparison_id, a, b),
            title: run.id,
            dataset: { index },
            'aria-current': chosen ? 'true' : null,
          },
          modelLabel(run.model),
        );
      }),
    );
  return card(
    `Model matrix · ${matrix.runs.length} models`,
    { className: 'matrix-card' },
    h('div', { className: 'muted mono' }, `comparison ${matrix.comparison_id}`),
    pick('a'),
    pick('b'),
  );
}
