/**
 * An independent check of launchlens's track record, as anyone can run it against a server:
 *
 *   pnpm tsx examples/verify-track-record.ts --base http://127.0.0.1:8402 [--rpc URL] [--signer KEY]
 *
 * It fetches the prediction log over HTTP (`GET /v1/track-record`, then every NDJSON page),
 * recomputes every entry's SHA-256 from the published canonical encoding, checks that the
 * sequence has no gap and every `prev_hash` links to the entry before, checks each anchor (the
 * entry at its seq has its hash; with `--rpc`, its memo transaction exists on chain, signed by the
 * anchor's key, holding that memo; every memo the key wrote, listed or not, names a head the log
 * holds), and recomputes the live scorecard of `GET /v1/scorecard`.
 * It prints what it checked and exits 1 on any mismatch.
 *
 * It imports nothing from launchlens on purpose: only `node:crypto` and `fetch`.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export interface Entry {
  seq: number;
  mint: string;
  published_at: string;
  analyzed_at: string;
  model_version: string;
  published_by: string;
  score: number | null;
  verdict: string;
  rug_probability_pct: number | null;
  interval_95: { lo_pct: number; hi_pct: number } | null;
  prev_hash: string;
  hash: string;
  outcome: { settled_at: string; rugged: boolean } | null;
}

interface Anchor {
  seq: number;
  head_hash: string;
  network: string;
  signer: string;
  signature: string;
  memo: string;
}

export interface VerifyOptions {
  /** The server's base URL. */
  readonly base: string;
  /** A Solana JSON-RPC of the anchors' network; anchors are checked on chain only with it. */
  readonly rpcUrl?: string;
  /** The anchor key to list memos of (default: the one the server names; pin it to not trust that). */
  readonly signer?: string;
  readonly fetch?: typeof fetch;
  readonly pageSize?: number;
}

export interface VerifyReport {
  readonly entries: number;
  readonly head: { seq: number; hash: string } | null;
  readonly anchorsChecked: number;
  readonly anchorsOnChain: number;
  readonly liveChecked: boolean;
  /** Every mismatch found; empty when the record verifies. */
  readonly problems: string[];
  /** Things not checked (no RPC, anchors of another network). */
  readonly notes: string[];
}

const ZERO = '0'.repeat(64);
const BANDS = ['extreme', 'critical', 'elevated', 'low'] as const;

/** The canonical text of the published encoding (`encoding` in `GET /v1/track-record`). */
export function canonicalText(e: Omit<Entry, 'hash' | 'outcome'>): string {
  return JSON.stringify([
    'launchlens-track-record/1',
    e.seq,
    e.mint,
    e.published_at,
    e.analyzed_at,
    e.model_version,
    e.published_by,
    e.score,
    e.verdict,
    e.rug_probability_pct,
    e.interval_95?.lo_pct ?? null,
    e.interval_95?.hi_pct ?? null,
    e.prev_hash,
  ]);
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Problems of a chain of entries given in the server's order. */
export function checkChain(entries: readonly Entry[]): string[] {
  const problems: string[] = [];
  entries.forEach((e, i) => {
    if (e.seq !== i + 1) problems.push(`entry at position ${i + 1} has seq ${e.seq}: a gap or a reordering`);
    const prev = i === 0 ? ZERO : entries[i - 1].hash;
    if (e.prev_hash !== prev)
      problems.push(
        `entry #${e.seq} (${e.mint}): prev_hash ${e.prev_hash.slice(0, 12)}… does not link to the entry before`,
      );
    const { hash: _h, outcome: _o, ...unhashed } = e;
    if (sha256(canonicalText(unhashed)) !== e.hash)
      problems.push(`entry #${e.seq} (${e.mint}): hash does not match its content`);
  });
  return problems;
}

/** Wilson score interval, z = 1.96. */
function wilson(k: number, n: number): { lo: number; hi: number } {
  if (n <= 0) return { lo: 0, hi: 1 };
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { lo: Math.max(0, c - h), hi: Math.min(1, c + h) };
}

const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
const brier = (p: number[], y: number[]) => mean(p.map((v, i) => (v - y[i]) ** 2));

/** ECE over 10 equal-width bins, weighted by bin size. */
function ece(p: number[], y: number[]): number | null {
  if (p.length === 0) return null;
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  p.forEach((v, i) => {
    const b = bins[Math.min(9, Math.max(0, Math.floor(v * 10)))];
    b.n++;
    b.p += v;
    b.y += y[i];
  });
  return bins.reduce((s, b) => (b.n === 0 ? s : s + (b.n / p.length) * Math.abs(b.p / b.n - b.y / b.n)), 0);
}

/** The live scorecard recomputed from entries (seq ≤ throughSeq) and outcomes settled after publication and by asOf. */
export function recomputeLive(entries: readonly Entry[], throughSeq: number, asOf: number) {
  let pending = 0;
  let before = 0;
  let unknown = 0;
  let looked = 0;
  const p: number[] = [];
  const y: number[] = [];
  const band: string[] = [];
  for (const e of entries) {
    if (e.seq > throughSeq) continue;
    looked++;
    const settled = e.outcome ? Date.parse(e.outcome.settled_at) : null;
    if (settled === null || settled > asOf) pending++;
    else if (settled <= Date.parse(e.published_at)) before++;
    else if (e.verdict === 'unknown' || e.rug_probability_pct === null) unknown++;
    else {
      p.push(e.rug_probability_pct / 100);
      y.push(e.outcome!.rugged ? 1 : 0);
      band.push(e.verdict);
    }
  }
  const bands = Object.fromEntries(
    BANDS.map((b) => {
      const idx = band.flatMap((v, i) => (v === b ? [i] : []));
      const bp = idx.map((i) => p[i]);
      const by = idx.map((i) => y[i]);
      const r = by.reduce((a, v) => a + v, 0);
      const ci = wilson(r, by.length);
      const m = mean(bp);
      return [
        b,
        {
          n: by.length,
          rugged: r,
          hit_rate_pct: by.length === 0 ? null : (100 * r) / by.length,
          interval_95: { lo_pct: 100 * ci.lo, hi_pct: 100 * ci.hi },
          predicted_pct: m === null ? null : 100 * m,
          brier: brier(bp, by),
        },
      ];
    }),
  );
  const rugged = y.reduce((a, v) => a + v, 0);
  return {
    entries_n: looked,
    pending_n: pending,
    settled_before_publication_n: before,
    unknown_n: unknown,
    n: p.length,
    rugged,
    base_rate_pct: p.length === 0 ? null : (100 * rugged) / p.length,
    brier: brier(p, y),
    ece: ece(p, y),
    bands,
  };
}

/** Paths where two JSON values differ (numbers within 1e-9 relative are equal). */
function differences(a: unknown, b: unknown, path = 'live'): string[] {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))
      ? []
      : [`${path}: ${b} published, ${a} recomputed`];
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
    return a === b ? [] : [`${path}: ${JSON.stringify(b)} published, ${JSON.stringify(a)} recomputed`];
  return Object.keys(a).flatMap((k) =>
    differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`),
  );
}

/** The memo texts a transaction (RPC `getTransaction`, json or jsonParsed) carries. */
function memosOf(tx: { transaction?: { message?: { instructions?: unknown[] } } }): string[] {
  const out: string[] = [];
  for (const ix of tx.transaction?.message?.instructions ?? []) {
    const i = ix as { program?: string; parsed?: unknown; programId?: string; data?: string };
    if (i.program === 'spl-memo' && typeof i.parsed === 'string') out.push(i.parsed);
    else if (i.programId?.startsWith('Memo') && typeof i.data === 'string')
      out.push(Buffer.from(decodeBase58(i.data)).toString('utf8'));
  }
  return out;
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function decodeBase58(s: string): Uint8Array {
  let n = 0n;
  for (const ch of s) {
    const d = ALPHABET.indexOf(ch);
    if (d < 0) throw new Error(`not base58: ${s}`);
    n = n * 58n + BigInt(d);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n % 256n));
    n /= 256n;
  }
  for (const ch of s) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

async function rpcCall(doFetch: typeof fetch, url: string, method: string, params: unknown[]) {
  const res = await doFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** Runs every check against a server; never throws on a mismatch (it is in `problems`). */
export async function verifyTrackRecord(options: VerifyOptions): Promise<VerifyReport> {
  const doFetch = options.fetch ?? fetch;
  const base = options.base.replace(/\/$/, '');
  const problems: string[] = [];
  const notes: string[] = [];
  const getJson = async <T>(path: string): Promise<T> => {
    const res = await doFetch(`${base}${path}`);
    if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  };
  const summary = await getJson<{
    head: { seq: number; hash: string } | null;
    count: number;
    anchors: { target: { network: string; signer: string } | null; list: Anchor[] };
  }>('/v1/track-record');

  const entries: Entry[] = [];
  const limit = options.pageSize ?? 5000;
  for (let after = 0; ; ) {
    const res = await doFetch(`${base}/v1/track-record?format=ndjson&after_seq=${after}&limit=${limit}`);
    if (!res.ok) throw new Error(`GET entries after ${after}: HTTP ${res.status}`);
    let next: number | null = null;
    for (const line of (await res.text()).split('\n')) {
      if (line.trim() === '') continue;
      const row = JSON.parse(line) as Entry & { _meta?: unknown; next_after_seq?: number | null };
      if (row._meta !== undefined) next = row.next_after_seq ?? null;
      else entries.push(row);
    }
    if (next === null) break;
    after = next;
  }

  problems.push(...checkChain(entries));
  const bySeq = new Map(entries.map((e) => [e.seq, e]));
  if (summary.head) {
    if (bySeq.get(summary.head.seq)?.hash !== summary.head.hash)
      problems.push(`the summary's head #${summary.head.seq} is not the entry at that seq`);
    if (entries.length < summary.count)
      problems.push(`the summary counts ${summary.count} entries, the pages hold ${entries.length}`);
  }

  let anchorsOnChain = 0;
  const current = summary.anchors.target?.network ?? null;
  for (const a of summary.anchors.list) {
    const memo = `launchlens track-record seq=${a.seq} head=${a.head_hash}`;
    if (a.memo !== memo)
      problems.push(`anchor ${a.signature}: memo ${JSON.stringify(a.memo)} is not ${memo}`);
    const entry = bySeq.get(a.seq);
    if (!entry) problems.push(`anchor ${a.signature}: no entry #${a.seq} in the log (removed?)`);
    else if (entry.hash !== a.head_hash)
      problems.push(
        `anchor ${a.signature}: entry #${a.seq} has hash ${entry.hash.slice(0, 12)}…, the anchor ${a.head_hash.slice(0, 12)}… (rewritten)`,
      );
    if (!options.rpcUrl) continue;
    if (a.network !== current) {
      notes.push(
        `anchor ${a.signature} is on ${a.network}, not the RPC's network ${current}: not checked on chain`,
      );
      continue;
    }
    const tx = (await rpcCall(doFetch, options.rpcUrl, 'getTransaction', [
      a.signature,
      { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
    ])) as {
      meta?: { err: unknown };
      transaction?: { message?: { accountKeys?: ({ pubkey: string } | string)[]; instructions?: unknown[] } };
    } | null;
    if (tx === null) {
      problems.push(`anchor ${a.signature}: no such transaction on chain`);
      continue;
    }
    const first = tx.transaction?.message?.accountKeys?.[0];
    const signer = typeof first === 'string' ? first : first?.pubkey;
    if (signer !== a.signer) problems.push(`anchor ${a.signature}: signed by ${signer}, not ${a.signer}`);
    if (tx.meta?.err) problems.push(`anchor ${a.signature}: the transaction failed`);
    if (!memosOf(tx).includes(memo)) problems.push(`anchor ${a.signature}: the memo on chain is not ${memo}`);
    anchorsOnChain++;
  }
  if (!options.rpcUrl && summary.anchors.list.length > 0)
    notes.push('no --rpc: anchors were not checked on chain');

  // Every memo the anchor key wrote on chain, listed or not: a deleted anchor row cannot hide a rewrite.
  const signer = options.signer ?? summary.anchors.target?.signer;
  if (options.rpcUrl && signer) {
    const listed = new Set(summary.anchors.list.map((a) => a.signature));
    const signatures: string[] = [];
    for (let before: string | undefined; ; ) {
      const page = (await rpcCall(doFetch, options.rpcUrl, 'getSignaturesForAddress', [
        signer,
        { limit: 1000, ...(before ? { before } : {}) },
      ])) as { signature: string; err: unknown }[];
      signatures.push(...page.filter((p) => p.err === null).map((p) => p.signature));
      if (page.length < 1000) break;
      before = page.at(-1)!.signature;
    }
    for (const sig of signatures) {
      if (listed.has(sig)) continue;
      const tx = await rpcCall(doFetch, options.rpcUrl, 'getTransaction', [
        sig,
        { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
      ]);
      for (const memo of tx ? memosOf(tx as Parameters<typeof memosOf>[0]) : []) {
        const m = /^launchlens track-record seq=(\d+) head=([0-9a-f]{64})$/.exec(memo);
        if (!m) continue;
        notes.push(`anchor ${sig} is on chain but not in the server's list`);
        if (bySeq.get(Number(m[1]))?.hash !== m[2])
          problems.push(
            `anchor ${sig} on chain (not listed) names #${m[1]} ${m[2].slice(0, 12)}…, which the log does not hold (rewritten)`,
          );
      }
    }
  }

  const card = await getJson<{
    live: ({ through_seq: number; as_of: string } & Record<string, unknown>) | null;
  }>('/v1/scorecard');
  if (card.live) {
    const { as_of, through_seq, ...published } = card.live;
    problems.push(...differences(recomputeLive(entries, through_seq, Date.parse(as_of)), published));
  } else notes.push('the scorecard has no live section');

  return {
    entries: entries.length,
    head: entries.length === 0 ? null : { seq: entries.at(-1)!.seq, hash: entries.at(-1)!.hash },
    anchorsChecked: summary.anchors.list.length,
    anchorsOnChain,
    liveChecked: card.live !== null,
    problems,
    notes,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://127.0.0.1:8402' },
      rpc: { type: 'string' },
      signer: { type: 'string' },
    },
  });
  const report = await verifyTrackRecord({ base: values.base!, rpcUrl: values.rpc, signer: values.signer });
  console.log(
    `${report.entries} entries, head ${report.head ? `#${report.head.seq} ${report.head.hash}` : 'none'}; ` +
      `${report.anchorsChecked} anchors (${report.anchorsOnChain} checked on chain); live scorecard ${report.liveChecked ? 'recomputed' : 'absent'}`,
  );
  for (const n of report.notes) console.log(`note: ${n}`);
  for (const p of report.problems) console.log(`MISMATCH: ${p}`);
  console.log(
    report.problems.length === 0 ? 'track record verified' : `${report.problems.length} mismatches`,
  );
  process.exit(report.problems.length === 0 ? 0 : 1);
}
