import { z } from 'zod';

/** Score bands, worst first. */
export const RiskBand = z.enum(['extreme', 'critical', 'elevated', 'low']);
export type RiskBand = z.infer<typeof RiskBand>;
export const RISK_BANDS: readonly RiskBand[] = RiskBand.options;

/** `unknown` means holder data was lacking, not that the token is safe. */
export const Verdict = z.enum([...RiskBand.options, 'unknown']);
export type Verdict = z.infer<typeof Verdict>;

export const Action = z.enum(['avoid', 'caution', 'clear', 'unknown']);
export type Action = z.infer<typeof Action>;

/** DESIGN §5: extreme and critical → avoid, elevated → caution, low → clear, unknown → unknown. */
export function actionOf(verdict: Verdict): Action {
  switch (verdict) {
    case 'extreme':
    case 'critical':
      return 'avoid';
    case 'elevated':
      return 'caution';
    case 'low':
      return 'clear';
    case 'unknown':
      return 'unknown';
  }
}
