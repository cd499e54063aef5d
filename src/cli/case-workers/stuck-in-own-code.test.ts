import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stuckInOwnCode } from './stuck-in-own-code.js';

const OWN = '/opt/app/node_modules/holodeck/dist/cli';
const ownChunk = pathToFileURL(`${OWN}/chunk-UVNR7ZCJ.mjs`).href;
const agent = pathToFileURL('/home/me/suite/agent.mjs').href;

describe('stuckInOwnCode', () => {
  it("says a thread whose every frame is Node's or holodeck's ran no user code", () => {
    expect(stuckInOwnCode(['node:internal/async_hooks', ownChunk, ownChunk], OWN)).toBe(true);
  });

  it("says a thread with a user's frame anywhere in its stack may be held by it, and an unread one may be", () => {
    // A module agent's loop that calls into holodeck, paused inside holodeck's code.
    expect(stuckInOwnCode(['node:internal/async_hooks', ownChunk, agent, ownChunk], OWN)).toBe(false);
    expect(stuckInOwnCode([agent], OWN)).toBe(false);
    expect(stuckInOwnCode(['', ownChunk], OWN)).toBe(false);
    expect(stuckInOwnCode([pathToFileURL('/opt/app/node_modules/holodeck/dist-other/x.mjs').href], OWN)).toBe(false);
    expect(stuckInOwnCode([], OWN)).toBe(false);
  });
});
