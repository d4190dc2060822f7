import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

/** OWASP's recommended argon2id parameters (m=19 MiB, t=2, p=1). */
const params = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };

function derive(
  password: string,
  nonce: Buffer,
  p: { memory: number; passes: number; parallelism: number; tagLength: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2('argon2id', { message: password.normalize('NFKC'), nonce, ...p }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');

/** Hashes a password to a PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>. */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await derive(password, nonce, params);
  return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${b64(nonce)}$${b64(tag)}`;
}

const phc = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Checks a password against a PHC string in constant time; false for malformed hashes. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const m = phc.exec(hash);
  if (!m) return false;
  const [, memory, passes, parallelism, salt, expectedB64] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(expectedB64, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expected.length,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A real hash of a random password, verified against when the email is unknown (same timing). */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
