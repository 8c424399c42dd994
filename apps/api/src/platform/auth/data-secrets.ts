import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';

export type AppSecrets = {
  /** Mixed into every PIN and one-time-code hash (ADR 006): a stolen database alone cannot be guessed. */
  pinPepper: Buffer;
  /** The 32-byte key partners' links are encrypted with (ADR 010). */
  partnerLinkKey: Uint8Array;
  /**
   * ADR 038: the local payment gateway's webhook secret — it signs the sandbox's webhooks and Konek checks
   * them with it. PayMongo's is PAYMONGO_WEBHOOK_SECRET instead.
   */
  paymentWebhookSecret: Buffer;
};

const SECRET_BYTES = 32;

/**
 * The secret in `file`, created with 32 random bytes on first use (never in the repository). Replicas
 * sharing DATA_DIR may race to create it: the exclusive write lets one win and the others read its value.
 */
function readOrCreateSecretFile(file: string): Buffer {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = crypto.randomBytes(SECRET_BYTES).toString('base64url');
    try {
      fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
  }
  const decoded = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  if (decoded.length !== SECRET_BYTES)
    throw new Error(`${file} does not hold 32 bytes of base64url`);
  return decoded;
}

/** Secrets from configuration, else from DATA_DIR/secrets (generated there on the first start). */
export function loadAppSecrets(config: AppConfig): AppSecrets {
  const secretsDir = path.join(config.dataDir, 'secrets');
  const pinPepper = config.pinPepper
    ? Buffer.from(config.pinPepper, 'utf8')
    : readOrCreateSecretFile(path.join(secretsDir, 'pin-pepper'));
  const partnerLinkKey = config.partnerLinkKey
    ? Buffer.from(config.partnerLinkKey, 'base64url')
    : readOrCreateSecretFile(path.join(secretsDir, 'partner-link-key'));
  if (partnerLinkKey.length !== SECRET_BYTES) {
    throw new Error('Invalid configuration: PARTNER_LINK_KEY must decode to 32 bytes');
  }
  const paymentWebhookSecret = readOrCreateSecretFile(
    path.join(secretsDir, 'payment-webhook-secret'),
  );
  return { pinPepper, partnerLinkKey: new Uint8Array(partnerLinkKey), paymentWebhookSecret };
}
