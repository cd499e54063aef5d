/**
 * Values too short or too plain to mask without blanking ordinary text: a boolean, a number, or one word (letters
 * only, fewer than 20: `enabled`, `PostgreSQL`, `readOnly`). Twenty letters or more read as a passphrase
 * (`CorrectHorseBatteryStaple`), which is a secret.
 */
export const MIN_SECRET_LENGTH = 6;
const PASSPHRASE_LENGTH = 20;
const PLAIN = /^(?:true|false|yes|no|on|off|null|none|[-+]?\d+(?:\.\d+)?)$/i;

export function isPlainValue(value: string): boolean {
  if (value.length < MIN_SECRET_LENGTH || PLAIN.test(value)) return true;
  return /^[A-Za-z]+$/.test(value) && value.length < PASSPHRASE_LENGTH;
}
