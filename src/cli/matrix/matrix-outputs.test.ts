import { describe, expect, it } from 'vitest';
import { matrixOutputs, modelFileTag, perModelOutputProblem } from './matrix-outputs.js';

describe('matrixOutputs', () => {
  it('names each model in its reports and sends Markdown to the comparison', () => {
    const outputs = matrixOutputs(
      [
        { path: '/r/report.json', format: 'json' },
        { path: '/r/compare.md', format: 'markdown' },
      ],
      ['openai:gpt-4o-mini', 'ollama:qwen3:8b'],
    );
    expect(outputs.comparison).toEqual(['/r/compare.md']);
    expect(outputs.perModel.map((reports) => reports.map((report) => report.path))).toEqual([
      ['/r/report.openai-gpt-4o-mini.json'],
      ['/r/report.ollama-qwen3-8b.json'],
    ]);
  });

  it('gives models whose names read alike, in any letter case, files of their own', () => {
    const outputs = matrixOutputs(
      [{ path: '/r/r.xml', format: 'junit' }],
      ['openai_compatible:m/1', 'openai_compatible:m:1', 'openai_compatible:M 1', 'openai_compatible:m-1-2'],
    );
    expect(outputs.perModel.map((reports) => reports[0]?.path)).toEqual([
      '/r/r.openai_compatible-m-1.xml',
      '/r/r.openai_compatible-m-1-2.xml',
      '/r/r.openai_compatible-M-1-3.xml',
      '/r/r.openai_compatible-m-1-2-2.xml',
    ]);
    expect(modelFileTag('::')).toBe('model');
  });

  it('refuses a device or pipe for a report written once per model, and lets Markdown go there', () => {
    expect(perModelOutputProblem([{ path: '/dev/null', format: 'json' }])).toBe(
      "--output /dev/null is no file: a model matrix writes each model's json report to a file named after the model — give a file name (e.g. report.json)",
    );
    expect(perModelOutputProblem([{ path: '/dev/null', format: 'markdown' }])).toBeNull();
    expect(perModelOutputProblem([{ path: '/r/report.xml', format: 'junit' }])).toBeNull();
  });
});
