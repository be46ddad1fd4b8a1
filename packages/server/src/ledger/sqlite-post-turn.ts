import type Database from 'better-sqlite3';
import type { PostResult } from './ledger.js';
import type { ProcessHold } from './process-holds.js';
import type { WriteOutcome } from './sqlite-group-commit.js';

/** A post of `credits` (> 0, at most those held) for a taken hold. */
export interface Posting {
  readonly hold: ProcessHold;
  readonly credits: number;
  readonly at: number;
}

export type Posted = Extract<PostResult, { kind: 'posted' }>;

/**
 * The posts of one group-commit turn as one write (`runTogether`): one `keys` update per key for
 * the sum of its posts, then a charge row per post; each post's balance is the one after it, in
 * issue order. No guard but `CHECK (credits >= 0)`: the holds kept these credits unless another
 * process spent them, and then the posts are applied one by one, each in its savepoint, so the
 * one that cannot be paid fails alone (a free answer, never an overdraft).
 */
export function createSqlitePostTurn(
  db: Database.Database,
): (posts: readonly Posting[]) => WriteOutcome<Posted>[] {
  const settle = db.prepare<[number, string], { credits: number }>(
    'UPDATE keys SET credits = credits - ? WHERE id = ? RETURNING credits',
  );
  const insertCharge = db.prepare<[string, string, number, string, number]>(
    'INSERT INTO charges (key_id, route, credits, request_id, at) VALUES (?, ?, ?, ?, ?)',
  );
  const chargeOf = (p: Posting) =>
    Number(insertCharge.run(p.hold.keyId, p.hold.route, p.credits, p.hold.requestId, p.at).lastInsertRowid);
  const balanceAfter = (credits: number, keyId: string): number => {
    const row = settle.get(credits, keyId);
    if (row === undefined) throw new Error(`no key ${keyId} to post to`);
    return row.credits;
  };

  const together = db.transaction((posts: readonly Posting[]): WriteOutcome<Posted>[] => {
    const due = new Map<string, number>();
    for (const p of posts) due.set(p.hold.keyId, (due.get(p.hold.keyId) ?? 0) + p.credits);
    // Each key's balance before this turn's posts, then after each of them in turn.
    const running = new Map<string, number>();
    for (const [keyId, credits] of due) running.set(keyId, balanceAfter(credits, keyId) + credits);
    return posts.map((p) => {
      const balance = running.get(p.hold.keyId)! - p.credits;
      running.set(p.hold.keyId, balance);
      return { ok: true, value: { kind: 'posted', balance, chargeId: chargeOf(p) } };
    });
  });
  const alone = db.transaction(
    (p: Posting): Posted => ({
      kind: 'posted',
      balance: balanceAfter(p.credits, p.hold.keyId),
      chargeId: chargeOf(p),
    }),
  );
  return (posts) => {
    if (posts.length === 1) return [applyAlone(alone, posts[0])];
    try {
      return together(posts);
    } catch {
      return posts.map((p) => applyAlone(alone, p));
    }
  };
}

function applyAlone(alone: (p: Posting) => Posted, p: Posting): WriteOutcome<Posted> {
  try {
    return { ok: true, value: alone(p) };
  } catch (error) {
    return { ok: false, error };
  }
}
