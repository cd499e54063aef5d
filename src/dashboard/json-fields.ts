/** Narrowing helpers for reading records written by any holodeck version: wrong or missing fields get defaults. */
import type { JsonValue } from '../core/json.js';

export type Fields = Readonly<Record<string, unknown>>;

export function asFields(value: unknown): Fields | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : null;
}

export function text(fields: Fields, key: string, fallback = ''): string {
  const value = fields[key];
  return typeof value === 'string' ? value : fallback;
}

export function textOrNull(fields: Fields, key: string): string | null {
  const value = fields[key];
  return typeof value === 'string' ? value : null;
}

export function count(fields: Fields, key: string, fallback = 0): number {
  const value = fields[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function numberOrNull(fields: Fields, key: string): number | null {
  const value = fields[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function flag(fields: Fields, key: string, fallback = false): boolean {
  const value = fields[key];
  return typeof value === 'boolean' ? value : fallback;
}

export function flagOrNull(fields: Fields, key: string): boolean | null {
  const value = fields[key];
  return typeof value === 'boolean' ? value : null;
}

export function list(fields: Fields, key: string): readonly unknown[] {
  const value = fields[key];
  return Array.isArray(value) ? value : [];
}

export function textList(fields: Fields, key: string): string[] {
  return list(fields, key).map((item) => (typeof item === 'string' ? item : String(item)));
}

/** The value when it is JSON data (it came from JSON.parse, so anything but undefined is), else null. */
export function jsonOrNull(fields: Fields, key: string): JsonValue | null {
  const value = fields[key];
  return value === undefined ? null : (value as JsonValue);
}

export function recordOrNull(fields: Fields, key: string): Readonly<Record<string, JsonValue>> | null {
  const value = asFields(fields[key]);
  return value === null ? null : (value as Readonly<Record<string, JsonValue>>);
}
