import * as Plot from '@observablehq/plot';
import { JSDOM } from 'jsdom';
import { type Displayable, JUPYTER_DISPLAY } from './displayable.ts';

/**
 * Renders an Observable Plot chart to a standalone SVG through jsdom and returns it for display,
 * so the chart is stored in the notebook file. Titles and legends that Plot would wrap in an HTML
 * `<figure>` are refused: put the title in the cell's Markdown and label marks directly.
 */
export function showPlot(options: Plot.PlotOptions, alt: string): Displayable {
  const { document } = new JSDOM('').window;
  const node = Plot.plot({ ...options, document });
  if (node.tagName.toLowerCase() !== 'svg') {
    throw new Error('showPlot renders a bare SVG: drop title, subtitle, caption and legend options');
  }
  node.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  node.setAttribute('role', 'img');
  node.setAttribute('aria-label', alt);
  const svg = node.outerHTML;
  return { [JUPYTER_DISPLAY]: () => ({ 'image/svg+xml': svg, 'text/plain': `[chart] ${alt}` }) };
}
