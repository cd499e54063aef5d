/** `1 test case`, `2 test cases`, `0 tools`: a count with its noun in the number it takes. */
export function countNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
