const W = 560;
const H = 320;
const M = 50;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Score distribution as SVG text: stacked bars of 5-point score bins, rugged over not rugged. */
export function scoreHistogramSvg(
  scores: readonly number[],
  rugged: readonly boolean[],
  cuts: readonly number[],
  title: string,
): string {
  const bins = 20;
  const rug = new Array<number>(bins).fill(0);
  const safe = new Array<number>(bins).fill(0);
  scores.forEach((s, i) => {
    const b = Math.min(bins - 1, Math.floor(s / 5));
    if (rugged[i]) rug[b]++;
    else safe[b]++;
  });
  const maxN = Math.max(1, ...rug.map((r, b) => r + safe[b]));
  const bw = (W - 2 * M) / bins;
  const y = (n: number) => ((H - 2 * M) * n) / maxN;
  const x = (score: number) => M + (score / 100) * (W - 2 * M);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2}" y="20" text-anchor="middle" font-size="13">${esc(title)}</text>`,
    `<line x1="${M}" y1="${H - M}" x2="${W - M}" y2="${H - M}" stroke="#333"/>`,
  ];
  for (let b = 0; b < bins; b++) {
    const hr = y(rug[b]);
    const hs = y(safe[b]);
    const left = (M + b * bw + 1).toFixed(1);
    parts.push(
      `<rect x="${left}" y="${(H - M - hs).toFixed(1)}" width="${(bw - 2).toFixed(1)}" height="${hs.toFixed(1)}" fill="#2e86c1"><title>${b * 5}–${b * 5 + 5}: ${safe[b]} not rugged</title></rect>`,
      `<rect x="${left}" y="${(H - M - hs - hr).toFixed(1)}" width="${(bw - 2).toFixed(1)}" height="${hr.toFixed(1)}" fill="#c0392b"><title>${b * 5}–${b * 5 + 5}: ${rug[b]} rugged</title></rect>`,
    );
  }
  for (const t of [0, 20, 40, 60, 80, 100]) {
    parts.push(`<text x="${x(t)}" y="${H - M + 15}" text-anchor="middle">${t}</text>`);
  }
  for (const c of cuts) {
    parts.push(
      `<line x1="${x(c)}" y1="${M - 10}" x2="${x(c)}" y2="${H - M}" stroke="#555" stroke-dasharray="3 3"/>`,
    );
  }
  parts.push(
    `<text x="${W / 2}" y="${H - 12}" text-anchor="middle">score (dashed: band cut points)</text>`,
    `<rect x="${W - M - 110}" y="30" width="10" height="10" fill="#c0392b"/><text x="${W - M - 95}" y="39">rugged</text>`,
    `<rect x="${W - M - 110}" y="45" width="10" height="10" fill="#2e86c1"/><text x="${W - M - 95}" y="54">not rugged</text>`,
    '</svg>',
  );
  return parts.join('\n');
}
