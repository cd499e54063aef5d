/**
 * A warning an AI SDK provider returned with a model call, in holodeck's words: what it did with a setting of
 * its model block (dropped `temperature` for a model it believes refuses sampling settings, asked for its own
 * output token limit for a model it does not know), named as agent.yaml names the setting (`models[1].temperature`). Warnings about what holodeck
 * itself asks for and copes with (a judge's response format, which it parses itself) are not the user's to act
 * on: they give null.
 */
import type { GenerateResult, ProviderCallOptions } from './provider-model.js';

export type ProviderWarning = GenerateResult['warnings'][number];

export interface WarnedModel {
  readonly provider: string;
  readonly name: string;
  /** Where its block is written in agent.yaml (`model`, `models[1]`, `evaluations.model`); default `model`. */
  readonly path?: string;
}

/** The call settings the SDK names, and the key of the model block that sets each. */
const SETTINGS: Readonly<Record<string, string>> = {
  temperature: 'temperature',
  maxOutputTokens: 'max_tokens',
};

/** Features holodeck sets itself and copes with when the provider cannot honour them. */
const HOLODECK_OWN = new Set(['responseFormat']);

export function describeProviderWarning(
  warning: ProviderWarning,
  model: WarnedModel,
  call: Pick<ProviderCallOptions, 'temperature' | 'maxOutputTokens'>,
): string | null {
  const who = `model ${model.name} (${model.provider})`;
  if (warning.type === 'other') return `${who}: ${warning.message}`;
  if (HOLODECK_OWN.has(warning.feature)) return null;
  const details = warning.details === undefined || warning.details === '' ? '' : ` (${warning.details})`;
  const path = model.path ?? 'model';
  const key = SETTINGS[warning.feature];
  const setting = key === undefined ? undefined : `${path}.${key}`;
  if (warning.type === 'compatibility') {
    if (warning.feature === 'maxOutputTokens' && call.maxOutputTokens === undefined) {
      return `${who}: ${path}.max_tokens is not set, so the provider chose the output token limit sent${details}: set ${path}.max_tokens to the model's own limit`;
    }
    return `${who}: ${setting ?? warning.feature} is sent in a compatibility mode${details}`;
  }
  if (setting === undefined) return `${who}: the provider does not support ${warning.feature}${details}`;
  const value = warning.feature === 'temperature' ? call.temperature : call.maxOutputTokens;
  const given = value === undefined ? '' : ` (${value})`;
  return `${setting}${given} is not applied as given to ${who}: the AI SDK provider changed or dropped it${details}`;
}
