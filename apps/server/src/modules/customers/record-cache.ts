import type { Principal } from '../../platform/auth.ts';
import type { CustomerRow } from './customers.repo.ts';

/** An answer of `GET /customers/me` as built, with the record version it was read at. */
export interface KeptRecord<View> {
  /** The record's version (migration 0113): its customer's count of changes then. */
  changes: string;
  /** The customer row it was built from (the caller's token is checked against it on every use). */
  customer: CustomerRow;
  view: View;
}

/**
 * The customer records this process has built, by identity (ADR 78). An entry is only a
 * candidate: `getCustomer` serves it when the database says the record's version is still the
 * one it was read at, which every change to its rows moves (triggers, migration 0113), whichever
 * process or path made it. So the cache can be stale in memory but never in what it answers.
 * Bounded: past `capacity` identities, the earliest kept goes.
 */
export class RecordCache<View> {
  readonly #entries = new Map<string, KeptRecord<View>>();
  readonly capacity: number;

  constructor(capacity = 5_000) {
    this.capacity = capacity;
  }

  get(principal: Principal): KeptRecord<View> | undefined {
    return this.#entries.get(keyOf(principal));
  }

  set(principal: Principal, kept: KeptRecord<View>): void {
    const key = keyOf(principal);
    this.#entries.delete(key);
    if (this.#entries.size >= this.capacity) {
      const earliest = this.#entries.keys().next();
      if (!earliest.done) this.#entries.delete(earliest.value);
    }
    // Served to many requests: frozen, so nothing downstream can change what the next one gets.
    this.#entries.set(key, deepFreeze(kept));
  }

  get size(): number {
    return this.#entries.size;
  }
}

const keyOf = (principal: Principal) => `${principal.issuer}\u0000${principal.subject}`;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
