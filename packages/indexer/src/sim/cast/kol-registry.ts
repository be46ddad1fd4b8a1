import { randomAddress } from '../random/random-address.js';
import type { Sfc32 } from '../random/sfc32.js';
import type { SimKol } from './sim-kol.js';
import { SimWallet } from './sim-wallet.js';

const ONSETS = [
  'b',
  'c',
  'd',
  'f',
  'g',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'z',
  'sh',
  'kr',
  'tr',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou'];
const CODAS = ['', '', 'n', 'x', 'k', 'l', 'r', 's', 'm'];
const TITLES = ['', '', '', 'Degen', 'Capital', 'Trades', 'Calls', 'Sol', 'Alpha', 'Gems'];

function syllables(rng: Sfc32, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += rng.pick(ONSETS) + rng.pick(VOWELS) + (i === n - 1 ? rng.pick(CODAS) : '');
  return s[0].toUpperCase() + s.slice(1);
}

/**
 * The KOL registry: `count` named traders with deterministic generated names, handles, verified
 * flags and heavy-tailed follower counts (log-normal, median ≈ 40k), each with a wallet and a skill.
 */
export function kolRegistry(rng: Sfc32, count: number): SimKol[] {
  const kols: SimKol[] = [];
  const names = new Set<string>();
  while (kols.length < count) {
    const base = syllables(rng, rng.intIn(2, 3));
    const title = rng.pick(TITLES);
    const name = title ? `${base} ${title}` : base;
    if (names.has(name)) continue;
    names.add(name);
    const handle = rng.chance(0.9)
      ? `@${base.toLowerCase()}${rng.chance(0.3) ? rng.intIn(1, 99) : ''}`
      : null;
    const followers = Math.round(Math.min(3_000_000, Math.max(2_000, rng.logNormal(Math.log(40_000), 1.2))));
    const wallet = new SimWallet(randomAddress(rng), 'kol');
    kols.push({
      row: { wallet: wallet.address, name, handle, verified: rng.chance(0.4), followers },
      wallet,
      skill: rng.normal(),
    });
  }
  return kols;
}
