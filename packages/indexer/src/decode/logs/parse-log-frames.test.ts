import { describe, expect, it } from 'vitest';
import { readFixture } from '../../testing/read-fixture.js';
import { parseLogFrames } from './parse-log-frames.js';

describe('parseLogFrames', () => {
  it('nests frames by invoke depth and keeps data, ray_log and the instruction name in their own frame', () => {
    const parse = parseLogFrames([
      'Program A invoke [1]',
      'Program log: Instruction: Buy',
      'Program B invoke [2]',
      'Program data: Qg==',
      'Program B consumed 10 of 100 compute units',
      'Program B success',
      'Program data: QQ== QQ==',
      'Program log: ray_log: AQ==',
      'Program return: A AAAA',
      'Program A success',
      'Program C invoke [1]',
      'Program C failed: custom program error: 0x1',
    ]);
    expect(parse.truncated).toBe(false);
    expect(parse.unattributed).toBe(0);
    expect(parse.frames).toEqual([
      { programId: 'A', depth: 1, parent: -1, data: ['QQ== QQ=='], rayLogs: ['AQ=='], instruction: 'Buy' },
      { programId: 'B', depth: 2, parent: 0, data: ['Qg=='], rayLogs: [], instruction: null },
      { programId: 'C', depth: 1, parent: -1, data: [], rayLogs: [], instruction: null },
    ]);
  });

  it('reads the invoke structure of a real pump.fun create + buy log', () => {
    const { samples } = readFixture<{ samples: { logs: string[] }[] }>('pumpfun/create-buy-logs.json');
    const parse = parseLogFrames(samples[0]!.logs);
    const outer = parse.frames.filter((f) => f.depth === 1).map((f) => f.programId);
    expect(outer).toEqual([
      'ComputeBudget111111111111111111111111111111',
      '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P',
      'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
      '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P',
    ]);
    const pump = parse.frames.filter((f) => f.depth === 1 && f.programId.startsWith('6EF8'));
    expect(pump.map((f) => [f.instruction, f.data.length])).toEqual([
      ['CreateV2', 1],
      ['BuyV2', 1],
    ]);
  });

  it('reads multi-digit depths and ids of any length, and pops frames on success or failure', () => {
    const parse = parseLogFrames([
      'Program Abc invoke [1]',
      'Program Abc invoke [12]',
      'Program Abc consumed 5 of 9 compute units',
      'Program Abc success',
      'Program data: QQ==',
      'Program Abc success',
      'Program Q invoke [1]',
      'Program Q failed: insufficient funds',
      'Program data: Qg==',
    ]);
    expect(parse.frames.map((f) => [f.programId, f.depth, f.parent, f.data])).toEqual([
      ['Abc', 1, -1, ['QQ==']],
      ['Abc', 12, 0, []],
      ['Q', 1, -1, []],
    ]);
    expect(parse.unattributed).toBe(1);
  });

  it('flags a truncated log and counts data lines outside any frame', () => {
    const parse = parseLogFrames(['Program data: QQ==', 'Program A invoke [1]', 'Log truncated']);
    expect(parse.truncated).toBe(true);
    expect(parse.unattributed).toBe(1);
  });
});
