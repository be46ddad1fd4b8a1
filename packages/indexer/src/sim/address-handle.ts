/**
 * An address with the batch id an `EventBatchEncoder` last gave it, kept on the object (a simulated
 * wallet, a launch's mint or pool): numbering it again for the next batch reads a field instead of
 * looking the string up in the encoder's map (≈ 21 % of the 24k simulator thread), and a new one is
 * numbered without the map either. One handle per address: the encoder gives two handles of one
 * address two ids.
 */
export interface AddressHandle {
  readonly address: string;
  /** -1 until an encoder numbers it; trusted only by `batchOwner`, while it still remembers the id. */
  batchId: number;
  /** The encoder that gave `batchId` (null until one does). */
  batchOwner: object | null;
}

export function addressHandle(address: string): AddressHandle {
  return { address, batchId: -1, batchOwner: null };
}
