import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ANCHOR_PROGRAMS, discriminatorOf } from './anchor-programs.js';

const anchorDiscriminator = (namespace: string, name: string) =>
  createHash('sha256').update(`${namespace}:${name}`).digest('hex').slice(0, 16);

describe('IDL tables', () => {
  for (const [program, idl] of Object.entries(ANCHOR_PROGRAMS)) {
    it(`${program}: every discriminator is sha256("event:" | "global:" | "account:" + name)[..8]`, () => {
      for (const [name, entry] of Object.entries(idl.events)) {
        expect(entry.discriminator, name).toBe(anchorDiscriminator('event', name));
      }
      for (const [name, entry] of Object.entries(idl.instructions)) {
        expect(entry.discriminator, name).toBe(anchorDiscriminator('global', name));
      }
      for (const [name, entry] of Object.entries(idl.accounts)) {
        expect(entry.discriminator, name).toBe(anchorDiscriminator('account', name));
      }
    });
  }

  it('pump.fun and LaunchLab TradeEvent collide, which is why decoding goes by program id first', () => {
    expect(ANCHOR_PROGRAMS.pumpfun.events.TradeEvent.discriminator).toBe('bddb7fd34ee661ee');
    expect(ANCHOR_PROGRAMS.launchlab.events.TradeEvent.discriminator).toBe('bddb7fd34ee661ee');
  });

  it('discriminatorOf reads 8 bytes as lowercase hex', () => {
    expect(discriminatorOf(Uint8Array.from([0, 0xbd, 0xdb, 0x7f, 0xd3, 0x4e, 0xe6, 0x61, 0xee, 1]), 1)).toBe(
      'bddb7fd34ee661ee',
    );
  });
});
