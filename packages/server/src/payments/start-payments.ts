import { generateKeyPairSigner } from '@solana/kit';
import { HTTPFacilitatorClient } from '@x402/core/server';
import type { Logger } from 'pino';
import type { Localnet } from '../localnet/start-localnet.js';
import { createSelfRunFacilitator } from '../x402/create-self-run-facilitator.js';
import { createX402Gateway } from '../x402/create-x402-gateway.js';
import { parseFeePayerKey } from '../x402/parse-fee-payer-key.js';
import { SOLANA_MAINNET } from '../x402/x402-settings.js';
import type { PaymentServices } from './payment-services.js';

export interface PaymentsConfig {
  /** Start the LiteSVM localnet and pay on it (development only). */
  readonly localnet: boolean;
  readonly feePayerKey?: string;
  readonly solanaRpcUrl?: string;
  readonly facilitatorUrl?: string;
  /** Addresses whose USDC accounts the localnet opens (x402 `payTo`, the deposit address). */
  readonly receivers: readonly string[];
}

export interface StartedPayments {
  readonly services: PaymentServices;
  /** The facilitator's fee payer for `extra.feePayer`; null when x402 is not configured. */
  readonly feePayer: string | null;
  readonly localnet: Localnet | null;
  stop(): Promise<void>;
}

/**
 * Wires payments from configuration: the localnet with a self-run facilitator on it
 * (development), a self-run facilitator on `SOLANA_RPC_URL` with `X402_FEE_PAYER_KEY`, or a remote
 * facilitator at `X402_FACILITATOR_URL` (its fee payer read from its supported kinds). Deposits
 * are read from the localnet or `SOLANA_RPC_URL`.
 */
export async function startPayments(config: PaymentsConfig, logger: Logger): Promise<StartedPayments> {
  if (config.localnet) {
    // Loaded only when on: LiteSVM (a native addon) takes ≈ 170 ms to import on its own.
    const { startLocalnet } = await import('../localnet/start-localnet.js');
    const localnet = await startLocalnet();
    const feePayer = await generateKeyPairSigner();
    await localnet.chain.fund(feePayer.address, 0n, 100_000_000_000n);
    for (const r of config.receivers) await localnet.chain.fund(r, 0n);
    const facilitator = createSelfRunFacilitator({ feePayer, rpcUrl: localnet.url, network: SOLANA_MAINNET });
    logger.info(
      { rpc: localnet.url, feePayer: feePayer.address },
      'localnet started (LiteSVM, USDC at its mainnet address)',
    );
    return {
      services: { x402: createX402Gateway(facilitator), rpcUrl: localnet.url },
      feePayer: feePayer.address,
      localnet,
      stop: () => localnet.close(),
    };
  }
  const rpcUrl = config.solanaRpcUrl ?? null;
  if (config.facilitatorUrl) {
    const remote = new HTTPFacilitatorClient({ url: config.facilitatorUrl });
    let feePayer: string | null = null;
    try {
      const supported = await remote.getSupported();
      const kind = supported.kinds.find((k) => k.network === SOLANA_MAINNET && k.scheme === 'exact');
      feePayer = typeof kind?.extra?.feePayer === 'string' ? kind.extra.feePayer : null;
    } catch (e) {
      logger.error(
        { err: e },
        'the remote x402 facilitator could not be reached; x402 payments are refused until restart',
      );
    }
    return {
      services: { x402: feePayer === null ? null : createX402Gateway(remote), rpcUrl },
      feePayer,
      localnet: null,
      stop: async () => {},
    };
  }
  if (config.feePayerKey && rpcUrl) {
    const feePayer = await parseFeePayerKey(config.feePayerKey);
    const facilitator = createSelfRunFacilitator({ feePayer, rpcUrl, network: SOLANA_MAINNET });
    return {
      services: { x402: createX402Gateway(facilitator), rpcUrl },
      feePayer: feePayer.address,
      localnet: null,
      stop: async () => {},
    };
  }
  return { services: { x402: null, rpcUrl }, feePayer: null, localnet: null, stop: async () => {} };
}
