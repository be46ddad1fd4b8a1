/** The symbol the Deno Jupyter kernel looks for (`Deno.jupyter.$display`). */
export const JUPYTER_DISPLAY = Symbol.for('Jupyter.display');

/** A value the kernel shows as rich output (a MIME bundle) when a cell ends with it. */
export interface Displayable {
  [JUPYTER_DISPLAY](): Record<string, string>;
}
