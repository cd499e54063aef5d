/** The README's table of built-in prices and its date are the table the code prices with. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinPriceList, PRICES_AS_OF } from '../../src/core/builtin-prices.js';
import { REPO_ROOT } from '../helpers/run-cli.js';

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const COST = README.slice(README.indexOf('\n## Cost\n'), README.indexOf('\n## ', README.indexOf('\n## Cost\n') + 1));

const rate = (cell: string) => (cell.trim() === '—' ? null : Number(cell));

/** provider/model → [input, cached input, cache write, output], from the README's rows. */
function readmeRows(): Map<string, (number | null)[]> {
  const rows = new Map<string, (number | null)[]>();
  for (const match of COST.matchAll(/^ {2}\| (openai|anthropic) \| (.+?) \| (.+?) \| (.+?) \| (.+?) \| (.+?) \|$/gm)) {
    const [, provider, models, input, cached, write, output] = match as unknown as string[];
    for (const model of [...(models ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1])) {
      rows.set(`${provider}/${model}`, [rate(input!), rate(cached!), rate(write!), rate(output!)]);
    }
  }
  return rows;
}

describe('the README Cost section', () => {
  it('lists every built-in price as the code has it, and nothing else', () => {
    const expected = new Map(
      builtinPriceList().map(({ provider, model, price }) => [
        `${provider}/${model}`,
        [price.input_per_mtok, price.cached_input_per_mtok, price.cache_write_per_mtok, price.output_per_mtok],
      ]),
    );
    expect(readmeRows()).toEqual(expected);
  });

  it("states the table's date", () => {
    expect(COST).toContain(`on **${PRICES_AS_OF}**`);
  });
});
