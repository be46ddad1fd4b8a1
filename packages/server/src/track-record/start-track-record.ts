import { randomUUID } from 'node:crypto';
import { createSolanaRpc, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import type { Logger } from 'pino';
import type { Localnet } from '../localnet/start-localnet.js';
import { parseFeePayerKey } from '../x402/parse-fee-payer-key.js';
import { openSqlitePredictionLog } from './sqlite-prediction-log.js';
import { type Anchoring, startAnchoring } from './start-anchoring.js';
import { createTrackRecord, type TrackRecord } from './track-record.js';

export interface TrackRecordConfig {
  readonly DATABASE_URL?: string;
  readonly SOLANA_RPC_URL?: string;
  readonly X402_FEE_PAYER_KEY?: string;
  readonly TRACK_RECORD_ANCHOR_KEY?: string;
  readonly TRACK_RECORD_ANCHOR_EVERY_S?: number;
}

/** The prediction log in the ledger's store: the shared PostgreSQL, else the ledger's SQLite file. */
export async function openTrackRecord(config: TrackRecordConfig, ledgerFile: string): Promise<TrackRecord> {
  const log = config.DATABASE_URL
    ? await (await import('./postgres-prediction-log.js')).openPostgresPredictionLog({
        connectionString: config.DATABASE_URL,
      })
    : openSqlitePredictionLog(ledgerFile);
  return createTrackRecord({ log });
}

/** Development anchors go to the localnet every 5 minutes, so a session sees some. */
const LOCALNET_ANCHOR_EVERY_S = 300;

/**
 * Anchors the head with the service key: on the development localnet (a key made at start and
 * funded there), else with `TRACK_RECORD_ANCHOR_KEY` (or `X402_FEE_PAYER_KEY`) on
 * `SOLANA_RPC_URL`. Null (no anchors) when neither is configured.
 */
export async function startTrackRecordAnchoring(
  config: TrackRecordConfig,
  track: TrackRecord,
  options: { readonly localnet: Localnet | null; readonly logger: Logger; readonly now: () => number },
): Promise<Anchoring | null> {
  let signer: KeyPairSigner;
  let rpcUrl: string;
  let network: string;
  let publicRpc: string | null;
  let everyS = config.TRACK_RECORD_ANCHOR_EVERY_S;
  const key = config.TRACK_RECORD_ANCHOR_KEY ?? config.X402_FEE_PAYER_KEY;
  if (options.localnet) {
    signer = await generateKeyPairSigner();
    await options.localnet.chain.fund(signer.address, 0n, 10_000_000_000n);
    rpcUrl = options.localnet.url;
    // A localnet starts empty at every start: anchors of an earlier one cannot be checked on it.
    network = `localnet:${randomUUID()}`;
    publicRpc = rpcUrl;
    everyS ??= LOCALNET_ANCHOR_EVERY_S;
  } else if (key && config.SOLANA_RPC_URL) {
    signer = await parseFeePayerKey(key);
    rpcUrl = config.SOLANA_RPC_URL;
    network = `solana:${await createSolanaRpc(rpcUrl).getGenesisHash().send()}`;
    publicRpc = null;
  } else {
    options.logger.warn(
      'track record: no anchor key (TRACK_RECORD_ANCHOR_KEY) and no localnet; heads are not anchored',
    );
    return null;
  }
  track.anchorTarget = { network, signer: signer.address, rpc_url: publicRpc };
  return startAnchoring({
    log: track.log,
    rpcUrl,
    signer,
    network,
    now: options.now,
    logger: options.logger,
    everyMs: everyS === undefined ? undefined : everyS * 1000,
  });
}
