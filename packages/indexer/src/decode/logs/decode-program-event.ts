import type { DecodeOutcome } from '../decode-warning.js';
import type { DecodedEvent } from '../layout/anchor-programs.js';
import { decodeAnchorData } from '../layout/decode-anchor-data.js';

/** Decodes an Anchor event (8-byte discriminator + borsh body) of pump.fun, PumpSwap, LaunchLab or CPMM by program id. */
export function decodeProgramEvent(programId: string, bytes: Uint8Array): DecodeOutcome<DecodedEvent> {
  const out = decodeAnchorData(programId, 'events', bytes);
  if (!out.ok) return out;
  const { program, name, fields, trailing_bytes } = out.value;
  return { ok: true, value: { program, name, fields, trailing_bytes } as DecodedEvent };
}
