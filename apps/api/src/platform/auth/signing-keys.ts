import fs from 'node:fs';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  type CryptoKey,
  type JWK,
} from 'jose';

export const JWT_ALGORITHM = 'RS256';

export type SigningKeys = {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public half as a JWK with its key id, published at /.well-known/jwks.json. */
  publicJwk: JWK;
};

type KeyFiles = { privateKeyFile?: string | undefined; publicKeyFile?: string | undefined };

/**
 * docs/architecture.md: tokens are RS256 JWTs. The key pair comes from configuration or, on first start, is
 * generated into the data directory (never into the repository) and reused afterwards.
 */
export async function loadSigningKeys(dataDir: string, files: KeyFiles = {}): Promise<SigningKeys> {
  const privateKeyFile = files.privateKeyFile ?? path.join(dataDir, 'keys', 'jwt-private.pem');
  const publicKeyFile = files.publicKeyFile ?? path.join(dataDir, 'keys', 'jwt-public.pem');
  if (!fs.existsSync(privateKeyFile) || !fs.existsSync(publicKeyFile)) {
    if (files.privateKeyFile || files.publicKeyFile) {
      throw new Error(`JWT key files not found: ${privateKeyFile}, ${publicKeyFile}`);
    }
    const generated = await generateKeyPair(JWT_ALGORITHM, {
      modulusLength: 2048,
      extractable: true,
    });
    fs.mkdirSync(path.dirname(privateKeyFile), { recursive: true, mode: 0o700 });
    fs.writeFileSync(privateKeyFile, await exportPKCS8(generated.privateKey), { mode: 0o600 });
    fs.writeFileSync(publicKeyFile, await exportSPKI(generated.publicKey), { mode: 0o644 });
  }
  const privateKey = await importPKCS8(fs.readFileSync(privateKeyFile, 'utf8'), JWT_ALGORITHM);
  const publicKey = await importSPKI(fs.readFileSync(publicKeyFile, 'utf8'), JWT_ALGORITHM, {
    extractable: true,
  });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, publicKey, publicJwk: { ...jwk, kid, alg: JWT_ALGORITHM, use: 'sig' } };
}
