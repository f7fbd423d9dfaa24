// Account passwords as argon2id hashes: what Better Auth stores and checks, and what seeded
// accounts are given.
import { hash, verify } from "@node-rs/argon2";

// OWASP's minimum for argon2id; algorithm 2 is Argon2id (a const enum in the typings).
const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(stored: string, password: string): Promise<boolean> {
  return verify(stored, password, ARGON2_OPTIONS);
}
