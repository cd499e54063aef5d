/** `--repeat N` and `--min-pass-rate R`, parsed for commander (a bad value is a usage error, exit 2). */
import { InvalidArgumentError } from 'commander';

export const MAX_REPEAT = 1000;

export function repeatOption(value: string): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isInteger(n) || n < 1 || n > MAX_REPEAT) {
    throw new InvalidArgumentError(`expected a whole number of runs from 1 to ${MAX_REPEAT}`);
  }
  return n;
}

/** A share in (0, 1], or a percentage (`80%`). */
export function minPassRateOption(value: string): number {
  const text = value.trim();
  const percent = text.endsWith('%');
  const digits = (percent ? text.slice(0, -1) : text).trim();
  // A plain decimal, as every number on the command line (`5e-1` and `0x1` are refused).
  const n = /^\d+(\.\d+)?$|^\.\d+$/.test(digits) ? Number(digits) : Number.NaN;
  const rate = percent ? n / 100 : n;
  if (text === '' || !Number.isFinite(rate) || rate <= 0 || rate > 1) {
    throw new InvalidArgumentError('expected a share of passing repeats above 0 and at most 1 (e.g. 0.8 or 80%)');
  }
  return rate;
}
