/** ` — gave up after 2 retries`: what a request that failed for good after retries adds to its error; nothing without one. */
export function gaveUpNote(retries: number): string {
  return retries === 0 ? '' : ` — gave up after ${retries} ${retries === 1 ? 'retry' : 'retries'}`;
}
