import type { ReliabilityBin } from '@launchlens/engine/internal';

const W = 420;
const H = 420;
const M = 50;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A reliability diagram as SVG text: observed rug rate against published probability per bin, with the diagonal. */
export function reliabilitySvg(bins: readonly ReliabilityBin[], title: string): string {
  const x = (p: number) => M + p * (W - 2 * M);
  const y = (p: number) => H - M - p * (H - 2 * M);
  const maxN = Math.max(1, ...bins.map((b) => b.n));
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2}" y="20" text-anchor="middle" font-size="13">${esc(title)}</text>`,
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#999" stroke-dasharray="4 3"/>`,
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(0)}" stroke="#333"/>`,
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(0)}" y2="${y(1)}" stroke="#333"/>`,
    ...ticks.map(
      (t) =>
        `<text x="${x(t)}" y="${y(0) + 15}" text-anchor="middle">${t}</text><text x="${x(0) - 8}" y="${y(t) + 4}" text-anchor="end">${t}</text>`,
    ),
    `<text x="${W / 2}" y="${H - 12}" text-anchor="middle">published rug probability</text>`,
    `<text x="14" y="${H / 2}" text-anchor="middle" transform="rotate(-90 14 ${H / 2})">observed rug rate</text>`,
  ];
  const pts = bins.map((b) => `${x(b.mean_predicted).toFixed(1)},${y(b.observed_rate).toFixed(1)}`);
  if (pts.length > 1) parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="#c0392b"/>`);
  for (const b of bins) {
    const r = 3 + 9 * Math.sqrt(b.n / maxN);
    parts.push(
      `<circle cx="${x(b.mean_predicted).toFixed(1)}" cy="${y(b.observed_rate).toFixed(1)}" r="${r.toFixed(1)}" fill="#c0392b" fill-opacity="0.6"><title>n = ${b.n}</title></circle>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n');
}
