import crypto from 'node:crypto';

// ADR 006: the server stores scrypt(HMAC-SHA256(pepper, login_secret)) with a random per-user salt. The
// pepper lives outside the database, so a copied users table cannot be attacked offline; scrypt makes
// each guess cost 32 MiB and tens of milliseconds even with the pepper. The parameters are stored with
// the hash, so they can be raised later without breaking existing PINs.

export type ScryptParameters = { N: number; r: number; p: number };

/**
 * N = 2^15, r = 8, p = 1: 128 · N · r = 32 MiB and tens of milliseconds per hash. OWASP's general
 * password minimum is N = 2^17; ADR 006 says why 2^15 fits a 6-digit PIN behind a pepper and a lockout.
 */
export const PIN_SCRYPT_PARAMETERS: ScryptParameters = { N: 2 ** 15, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_BYTES = 16;
const PREFIX = 'scrypt';

/** scrypt refuses to use more than `maxmem`; allow twice what the parameters need. */
const maxmemFor = ({ N, r }: ScryptParameters) => 2 * 128 * N * r;

function scrypt(input: Buffer, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(
      input,
      salt,
      KEY_LENGTH,
      { ...parameters, maxmem: maxmemFor(parameters) },
      (error, derived) => (error ? reject(error) : resolve(derived)),
    );
  });
}

const peppered = (pepper: Buffer, secret: string) =>
  crypto.createHmac('sha256', pepper).update(secret, 'utf8').digest();

/** "scrypt$N$r$p$salt$hash" (base64url) of the client's PIN hash. */
export async function hashPinSecret(
  pepper: Buffer,
  secret: string,
  parameters: ScryptParameters = PIN_SCRYPT_PARAMETERS,
): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const derived = await scrypt(peppered(pepper, secret), salt, parameters);
  const { N, r, p } = parameters;
  return [PREFIX, N, r, p, salt.toString('base64url'), derived.toString('base64url')].join('$');
}

function parseStored(
  stored: string,
): { parameters: ScryptParameters; salt: Buffer; derived: Buffer } | undefined {
  const [prefix, N, r, p, salt, derived] = stored.split('$');
  if (prefix !== PREFIX || !N || !r || !p || !salt || !derived) return undefined;
  const parameters = { N: Number(N), r: Number(r), p: Number(p) };
  if (!Object.values(parameters).every((value) => Number.isSafeInteger(value) && value > 0)) {
    return undefined;
  }
  return {
    parameters,
    salt: Buffer.from(salt, 'base64url'),
    derived: Buffer.from(derived, 'base64url'),
  };
}

/** True when `secret` is the PIN hash behind `stored`; compared in constant time. */
export async function isPinSecretCorrect(
  pepper: Buffer,
  secret: string,
  stored: string,
): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const derived = await scrypt(peppered(pepper, secret), parsed.salt, parsed.parameters);
  return (
    derived.length === parsed.derived.length && crypto.timingSafeEqual(derived, parsed.derived)
  );
}

/**
 * The PIN hashing the identity services use, bound to the pepper. It is a dependency, not an import, so
 * a test can count the hashes and prove that a refusal never pays for one (ADR 023).
 */
export type PinHasher = {
  hash: (secret: string) => Promise<string>;
  isCorrect: (secret: string, stored: string) => Promise<boolean>;
};

export function createPinHasher(
  pepper: Buffer,
  parameters: ScryptParameters = PIN_SCRYPT_PARAMETERS,
): PinHasher {
  return {
    hash: (secret) => hashPinSecret(pepper, secret, parameters),
    isCorrect: (secret, stored) => isPinSecretCorrect(pepper, secret, stored),
  };
}
