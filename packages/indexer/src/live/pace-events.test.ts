import { expect, test } from 'vitest';
import type { ChainEvent } from '../events/chain-event.js';
import { paceEvents } from './pace-events.js';

const at = (t: number) => ({ kind: 'sol_transfer', at: t }) as ChainEvent;

test('events are released only once the clock has passed them, in order, a backlog in batches', async () => {
  let clock = 25;
  const released: number[] = [];
  const throughs: number[] = [];
  let reached: (() => void) | null = null;
  const paced = paceEvents({
    events: [10, 20, 21, 22, 30, 40, 50].map(at)[Symbol.iterator](),
    now: () => clock,
    tickMs: 1,
    maxBatch: 2,
    onError: (e) => {
      throw e;
    },
    onEvents: (events, through) => {
      released.push(...events.map((e) => e.at));
      throughs.push(through);
      if (through >= clock && released.length > 0) reached?.();
    },
  });
  await new Promise<void>((r) => {
    reached = r;
  });
  expect(released).toEqual([10, 20, 21, 22]);
  expect(throughs.slice(0, 2)).toEqual([20, 22]);
  clock = 45;
  await new Promise<void>((r) => {
    reached = () => (released.length === 6 ? r() : undefined);
  });
  await paced.stop();
  expect(released).toEqual([10, 20, 21, 22, 30, 40]);
});

test('a full batch whose last moment has more events to come covers only the moment before it', async () => {
  const batches: { ats: number[]; through: number }[] = [];
  let done: () => void;
  const finished = new Promise<void>((r) => {
    done = r;
  });
  const paced = paceEvents({
    events: [10, 20, 20, 20, 30].map(at)[Symbol.iterator](),
    now: () => 100,
    tickMs: 1,
    maxBatch: 2,
    onError: (e) => {
      throw e;
    },
    onEvents: (events, through) => {
      batches.push({ ats: events.map((e) => e.at), through });
      if (events.length < 2) done();
    },
  });
  await finished;
  await paced.stop();
  // Every event at or before a batch's `through` is in it or an earlier batch.
  expect(batches).toEqual([
    { ats: [10, 20], through: 19 },
    { ats: [20, 20], through: 20 },
    { ats: [30], through: 100 },
  ]);
});

test('a backlog is released in batches of at most maxBatchMs of gathering, the clock read every 64 events', async () => {
  const batches: { size: number; first: number; through: number }[] = [];
  let readings = 0;
  let done: () => void;
  const finished = new Promise<void>((r) => {
    done = r;
  });
  const paced = paceEvents({
    events: Array.from({ length: 1000 }, (_, i) => at(i))[Symbol.iterator](),
    now: () => 10_000,
    tickMs: 1,
    maxBatchMs: 5,
    // Each reading is a millisecond later: a batch starts at a reading and is cut at the fifth after it.
    workClock: () => readings++,
    onError: (e) => {
      throw e;
    },
    onEvents: (events, through) => {
      batches.push({ size: events.length, first: events[0]?.at ?? -1, through });
      if (through === 10_000) done();
    },
  });
  await finished;
  await paced.stop();
  expect(batches).toEqual([
    { size: 320, first: 0, through: 319 },
    { size: 320, first: 320, through: 639 },
    { size: 320, first: 640, through: 959 },
    { size: 40, first: 960, through: 10_000 },
  ]);
});
