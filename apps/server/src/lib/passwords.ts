import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes): strong, and quick enough on 2 cores.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Checked against when the e-mail is unknown, so a wrong address takes as long as a wrong password. */
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password'));
