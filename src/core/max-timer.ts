/** The longest delay a Node timer can hold (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;
export const MAX_TIMER_SECONDS = Math.floor(MAX_TIMER_MS / 1000);
