import { JUPYTER_DISPLAY } from './displayable.ts';
import { showTable } from './show-table.ts';

const check = (ok: boolean, message: string) => {
  if (!ok) throw new Error(message);
};

Deno.test('a table escapes HTML, right-aligns numbers and shows missing values as a dash', () => {
  const bundle = showTable([
    { name: '<b>x</b>', n: 1234, rate: 0.5, note: null },
    { name: 'y', n: 2, rate: 0.25, note: 'ok' },
  ])[JUPYTER_DISPLAY]();
  const html = bundle['text/html'];
  check(html.includes('&lt;b&gt;x&lt;/b&gt;') && !html.includes('<b>x'), 'HTML is not escaped');
  check(html.includes('<td style="text-align:right">1,234</td>'), 'numbers are not right-aligned');
  check(html.includes('<td>—</td>'), 'a missing value is not a dash');
  check(bundle['text/plain'].split('\n')[1].includes('0.50'), 'plain text does not round to 2 decimals');
});
