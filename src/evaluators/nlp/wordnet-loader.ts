/**
 * Loads the shipped WordNet data (assets/wordnet/, a sibling of src/ and dist/, so the same relative URL
 * works from the sources and from the build). The shared instance is loaded once, on first use.
 */
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { thrownMessage } from '../../core/describe-thrown.js';
import { WordNet } from './wordnet.js';
import { decodeWordNetAsset } from './wordnet-asset.js';

export const WORDNET_ASSET_URL = new URL('../../../assets/wordnet/wordnet-3.0-meteor.json.gz', import.meta.url);

export type WordNetDataErrorCode = 'WORDNET_DATA_UNAVAILABLE' | 'WORDNET_DATA_INVALID';

export class WordNetDataError extends Error {
  constructor(
    readonly code: WordNetDataErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WordNetDataError';
  }
}

const gunzipAsync = promisify(gunzip);

function messageOf(error: unknown): string {
  return thrownMessage(error);
}

/** Reads, unzips and decodes a WordNet data file. */
export async function loadWordNet(location: URL = WORDNET_ASSET_URL): Promise<WordNet> {
  let compressed: Buffer;
  try {
    compressed = await readFile(location);
  } catch (error) {
    throw new WordNetDataError(
      'WORDNET_DATA_UNAVAILABLE',
      `cannot read the WordNet data for METEOR at ${location.pathname}: ${messageOf(error)}; reinstall the package`,
      { cause: error },
    );
  }
  try {
    const json: unknown = JSON.parse((await gunzipAsync(compressed)).toString('utf8'));
    return new WordNet(decodeWordNetAsset(json));
  } catch (error) {
    throw new WordNetDataError(
      'WORDNET_DATA_INVALID',
      `the WordNet data for METEOR at ${location.pathname} is damaged: ${messageOf(error)}; reinstall the package`,
      { cause: error },
    );
  }
}

/** Memoizes an async load: every call shares the first load's promise, except after a failure, which is retried. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (pending === undefined) {
      const attempt = load();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = undefined;
      });
    }
    return pending;
  };
}

/** The shipped WordNet, loaded on the first call and cached. */
export const sharedWordNet: () => Promise<WordNet> = loadOnce(() => loadWordNet());
