import { type Displayable, JUPYTER_DISPLAY } from './displayable.ts';

type Cell = string | number | boolean | null | undefined;

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function text(value: Cell, digits: number): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    return Number.isInteger(value) ? value.toLocaleString('en') : value.toFixed(digits);
  }
  return String(value);
}

/**
 * Shows rows as an HTML table (with a plain-text copy for terminals), numbers right-aligned and
 * rounded to `digits` decimals. Columns are the keys of the first row unless given.
 */
export function showTable<T extends Record<string, Cell>>(
  rows: readonly T[],
  options: { readonly columns?: readonly (keyof T & string)[]; readonly digits?: number } = {},
): Displayable {
  const columns = options.columns ?? (rows.length > 0 ? (Object.keys(rows[0]) as (keyof T & string)[]) : []);
  const digits = options.digits ?? 2;
  const cells = rows.map((row) => columns.map((c) => text(row[c], digits)));
  const numeric = columns.map((c) => rows.some((row) => typeof row[c] === 'number'));
  const align = (i: number) => (numeric[i] ? ' style="text-align:right"' : '');
  const html = [
    '<table>',
    `<thead><tr>${columns.map((c, i) => `<th${align(i)}>${escapeHtml(c)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...cells.map((r) => `<tr>${r.map((v, i) => `<td${align(i)}>${escapeHtml(v)}</td>`).join('')}</tr>`),
    '</tbody></table>',
  ].join('\n');
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i].length)));
  const line = (r: readonly string[]) =>
    r.map((v, i) => (numeric[i] ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ');
  const plain = [line(columns), ...cells.map(line)].join('\n');
  return { [JUPYTER_DISPLAY]: () => ({ 'text/html': html, 'text/plain': plain }) };
}
