import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Where /docs loads the Scalar reference script from: this server, so the page works offline. */
export const SCALAR_BUNDLE_PATH = '/docs/scalar.js';

let bundle: string | undefined;

/** The prebuilt standalone Scalar API reference bundle shipped in `@scalar/api-reference`. */
export function scalarBundle(): string {
  if (bundle === undefined) {
    const require = createRequire(import.meta.url);
    // The bundle is not in the package's exports map: find it beside the main entry (dist/index.js).
    const main = require.resolve('@scalar/api-reference');
    bundle = readFileSync(join(dirname(main), 'browser', 'standalone.js'), 'utf8');
  }
  return bundle;
}
