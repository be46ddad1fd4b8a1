import type { Sfc32 } from '../random/sfc32.js';

const HEADS = [
  'Pepe',
  'Doge',
  'Cat',
  'Moon',
  'Based',
  'Giga',
  'Turbo',
  'Baby',
  'Sir',
  'Lil',
  'Mega',
  'Dark',
  'Wif',
  'Bonk',
  'Chad',
  'Frog',
  'Shiba',
  'Goat',
  'Ape',
  'Rocket',
  'Pixel',
  'Neo',
  'Cyber',
  'Retro',
  'Zen',
  'Golden',
  'Tiny',
  'Fat',
  'Happy',
  'Sad',
  'Angry',
  'Sleepy',
  'Degen',
  'Alpha',
  'Sigma',
  'Meta',
  'Hyper',
];
const TAILS = [
  'Coin',
  'Inu',
  'Cat',
  'Dog',
  'Moon',
  'AI',
  'Pump',
  'Hat',
  'World',
  'Army',
  'Club',
  'King',
  'Lord',
  'Verse',
  'Fi',
  'Bot',
  'Mode',
  'Wave',
  'Punk',
  'Bros',
  'Gang',
  'Land',
  'Cult',
  'Jeet',
  'Whale',
  'Fren',
];

/** A meme token's name and ticker, drawn from two word lists. */
export function tokenName(rng: Sfc32): { name: string; symbol: string } {
  const head = rng.pick(HEADS);
  const tail = rng.pick(TAILS);
  const name = rng.chance(0.15) ? `${head} ${tail} ${rng.intIn(2, 9)}` : `${head} ${tail}`;
  const symbol = rng.chance(0.5)
    ? (head + tail).toUpperCase().slice(0, rng.intIn(3, 6))
    : (head[0] + tail).toUpperCase();
  return { name, symbol };
}
