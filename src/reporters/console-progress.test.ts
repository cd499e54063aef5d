import { describe, expect, it } from 'vitest';
import { clearProgressLines, createProgressDisplay, type ProgressCounts, terminalColumns } from './console-progress.js';

const COUNTS: ProgressCounts = { total_cases: 8, total_turns: 8, done: 2, running: 4, failed: 1, turns_done: 2 };

/** The progress line drawn at once on a stream of `columns`, without its cursor controls. */
function drawnLine(columns: number | undefined, env: NodeJS.ProcessEnv): string {
  const chunks: string[] = [];
  const stream = { write: (text: string) => chunks.push(text), ...(columns === undefined ? {} : { columns }) };
  const display = createProgressDisplay({ stream, counts: () => COUNTS, now: () => 0, env });
  display.update();
  display.stop();
  return chunks[0]!.replace('\r\u001b[2K', '');
}

describe('terminalColumns', () => {
  it('takes the width the terminal tells', () => {
    expect(terminalColumns(120, { COLUMNS: '40' })).toBe(120);
  });

  it('falls back to COLUMNS, then 80, when the terminal tells no width or 0', () => {
    expect(terminalColumns(0, { COLUMNS: '40' })).toBe(40);
    expect(terminalColumns(undefined, { COLUMNS: ' 132 ' })).toBe(132);
    expect(terminalColumns(0, {})).toBe(80);
    for (const bad of ['0', '-5', '4.5', 'wide', '']) expect(terminalColumns(0, { COLUMNS: bad })).toBe(80);
  });
});

describe('progress line width', () => {
  it('is not cut to 20 columns on a terminal that reports 0 columns', () => {
    expect(Array.from(drawnLine(0, {}))).toHaveLength(Math.min(79, Array.from(drawnLine(1000, {})).length));
    expect(drawnLine(0, {})).toContain('2/8 turns');
    expect(Array.from(drawnLine(0, { COLUMNS: '40' }))).toHaveLength(39);
    expect(Array.from(drawnLine(undefined, { COLUMNS: '30' }))).toHaveLength(29);
  });
});

describe('clearProgressLines', () => {
  it('erases a drawn progress line once, which the next redraw brings back; a stopped display is left alone', () => {
    const chunks: string[] = [];
    let now = 0;
    const display = createProgressDisplay({
      stream: { write: (text: string) => chunks.push(text), columns: 100 },
      counts: () => COUNTS,
      now: () => now,
    });
    display.update();
    clearProgressLines();
    clearProgressLines();
    expect(chunks.slice(1)).toEqual(['\r\u001b[2K']);
    now = 200;
    display.update();
    expect(chunks.at(-1)).toContain('2/8 turns');
    display.stop();
    const written = chunks.length;
    clearProgressLines();
    expect(chunks).toHaveLength(written);
  });
});

describe('writes of others to the terminal', () => {
  const CLEAR = '\r\u001b[2K';
  /** One terminal: the display's stream and a watched one (stderr) write into the same screen. */
  function terminal() {
    const screen: string[] = [];
    const stream = { write: (text: string) => screen.push(text) > 0, columns: 100 };
    const stderr = { write: (text: string) => screen.push(`[err]${text}`) === 0 };
    return { screen, stream, stderr };
  }

  it('erase the progress line first, and the line is drawn again below them, never before them', async () => {
    const { screen, stream, stderr } = terminal();
    const display = createProgressDisplay({ stream, counts: () => COUNTS, now: () => 0, watch: [stderr] });
    display.update();
    expect(screen).toHaveLength(1);
    stderr.write('warning: a tool wrote this\n');
    expect(screen.slice(1)).toEqual([CLEAR, '[err]warning: a tool wrote this\n']);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.at(-1)?.startsWith(CLEAR)).toBe(true);
    expect(screen.at(-1)).toContain('2/8 turns');
    display.stop();
  });

  it('leave a line another writer did not finish standing: the progress line goes below it', async () => {
    const { screen, stream, stderr } = terminal();
    const display = createProgressDisplay({ stream, counts: () => COUNTS, now: () => 0, watch: [stderr] });
    display.update();
    stderr.write('Downloading…');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.at(-1)?.startsWith(`\n${CLEAR}`)).toBe(true);
    expect(screen.at(-1)).toContain('2/8 turns');
    display.print('✓ case-1');
    expect(screen.at(-1)).toBe(`${CLEAR}✓ case-1\n`);
    display.stop();
  });

  it('go straight through once the display stopped, and the stream gets its own write back', () => {
    const { screen, stream, stderr } = terminal();
    const own = stderr.write;
    const display = createProgressDisplay({ stream, counts: () => COUNTS, now: () => 0, watch: [stderr] });
    display.update();
    expect(stderr.write).not.toBe(own);
    display.stop();
    expect(stderr.write).toBe(own);
    const before = screen.length;
    stderr.write('after\n');
    expect(screen.slice(before)).toEqual(['[err]after\n']);
  });

  it("are not taken for the display's own writes when it draws on a watched stream", () => {
    const { screen, stream } = terminal();
    const display = createProgressDisplay({ stream, counts: () => COUNTS, now: () => 0, watch: [stream] });
    display.update();
    display.print('✓ case-1');
    expect(screen.filter((text) => text === CLEAR)).toEqual([]);
    display.stop();
  });
});
