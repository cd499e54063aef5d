/** The two tools of the project `holodeck init` writes: one made with defineTool, one plain function. */

export const CALCULATOR_TS = `// A tool made with defineTool carries its own description and JSON Schema parameters,
// so agent.yaml only names the file and the export.
import { defineTool } from 'holodeck';

type Operation = 'add' | 'subtract' | 'multiply' | 'divide';

export const calculator = defineTool({
  description: 'Compute a + b, a - b, a * b or a / b',
  parameters: {
    type: 'object',
    properties: {
      operation: { type: 'string', enum: ['add', 'subtract', 'multiply', 'divide'] },
      a: { type: 'number' },
      b: { type: 'number' },
    },
    required: ['operation', 'a', 'b'],
  },
  // Receives the arguments as one object; what it returns is the result the model sees.
  execute: ({ operation, a, b }: { operation: Operation; a: number; b: number }) => {
    switch (operation) {
      case 'add':
        return a + b;
      case 'subtract':
        return a - b;
      case 'multiply':
        return a * b;
      case 'divide':
        // A thrown error is reported to the model as the tool's error; the run goes on.
        if (b === 0) throw new Error('division by zero');
        return a / b;
    }
  },
});
`;

export const PRICES_TS = `// A plain function: agent.yaml gives its description and parameters (a JSON Schema).
const PRICES: Record<string, number> = { laptop: 1250, monitor: 340, keyboard: 75, mouse: 25 };

export function lookupPrice({ item }: { item: string }): number {
  const key = item.trim().toLowerCase().replace(/^the /, '').replace(/s$/, '');
  const price = PRICES[key];
  if (price === undefined) throw new Error(\`no item "\${item}"; the shop sells \${Object.keys(PRICES).join(', ')}\`);
  return price;
}
`;
