/**
 * Array query parameters in PostgreSQL's binary format, for the drains' thousand-row statements
 * (write one as `${uuidArray(ids)}::uuid[]`). node-postgres sends a Buffer parameter as binary;
 * the server then takes each element as its bytes (`uuid_recv`, `textrecv`, ...) instead of
 * parsing an array literal, and Node builds one buffer instead of quoting and concatenating each
 * element into a string (with a text array, that garbage was a fifth of what a pay-in run
 * allocated). Measured in docs/benchmarks.md (2026-11-28). The element type must be the one the
 * statement casts to: the server refuses an array of another element type.
 */

/** A `uuid[]` parameter. Throws on a value that is not a UUID, as the server would. */
export function uuidArray(values: readonly (string | null)[]): Buffer {
  return binaryArray(values, UUID, () => 16, writeUuid);
}

/** A `text[]` parameter. */
export function textArray(values: readonly (string | null)[]): Buffer {
  return binaryArray(
    values,
    TEXT,
    (v) => Buffer.byteLength(v),
    (buf, at, v) => buf.write(v, at),
  );
}

/** A `bigint[]` parameter (integers within Number's safe range, as our cents and counts are). */
export function int8Array(values: readonly (number | null)[]): Buffer {
  return binaryArray(
    values,
    INT8,
    () => 8,
    (buf, at, v) => {
      if (!Number.isSafeInteger(v)) throw new TypeError(`not a safe integer: ${v}`);
      return writeInt64(buf, at, v);
    },
  );
}

/** A `timestamptz[]` parameter (microseconds since 2000-01-01 UTC; a Date holds milliseconds). */
export function timestamptzArray(values: readonly (Date | null)[]): Buffer {
  return binaryArray(
    values,
    TIMESTAMPTZ,
    () => 8,
    (buf, at, d) => {
      const ms = d.getTime();
      if (Number.isNaN(ms)) throw new TypeError('not a valid date');
      return writeInt64(buf, at, (ms - POSTGRES_EPOCH_MS) * 1000);
    },
  );
}

const HEADER = 20;
const UUID = 2950;
const TEXT = 25;
const INT8 = 20;
const TIMESTAMPTZ = 1184;
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

/**
 * One dimension of `values`: the header (no nulls or some, the element type, the length, lower
 * bound 1), then each element as its length and bytes, or -1 for a null. `size` tells an
 * element's bytes before the buffer is made; `write` writes them and answers how many it wrote.
 */
function binaryArray<T>(
  values: readonly (T | null)[],
  elementType: number,
  size: (value: T) => number,
  write: (buf: Buffer, at: number, value: T) => number,
): Buffer {
  let bytes = HEADER;
  let nulls = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v == null) nulls++;
    else bytes += size(v);
  }
  const buf = Buffer.allocUnsafe(bytes + values.length * 4);
  buf.writeInt32BE(1, 0);
  buf.writeInt32BE(nulls > 0 ? 1 : 0, 4);
  buf.writeUInt32BE(elementType, 8);
  buf.writeInt32BE(values.length, 12);
  buf.writeInt32BE(1, 16);
  let at = HEADER;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v == null) {
      buf.writeInt32BE(-1, at);
      at += 4;
      continue;
    }
    const n = write(buf, at + 4, v);
    buf.writeInt32BE(n, at);
    at += 4 + n;
  }
  return buf;
}

/** A safe integer as a big-endian int64 (the high word signed, the low word unsigned); 8 bytes. */
function writeInt64(buf: Buffer, at: number, v: number): number {
  const high = Math.floor(v / 2 ** 32);
  buf.writeInt32BE(high, at);
  buf.writeUInt32BE(v - high * 2 ** 32, at + 4);
  return 8;
}

const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) HEX[48 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX[65 + i] = 10 + i;
  HEX[97 + i] = 10 + i;
}

/** The 16 bytes of a UUID in its canonical text form (8-4-4-4-12 hex digits). */
function writeUuid(buf: Buffer, at: number, uuid: string): number {
  if (uuid.length !== 36) throw new TypeError(`not a UUID: ${JSON.stringify(uuid)}`);
  let i = 0;
  for (let byte = 0; byte < 16; byte++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (uuid.charCodeAt(i) !== 45) throw new TypeError(`not a UUID: ${JSON.stringify(uuid)}`);
      i++;
    }
    const hi = HEX[uuid.charCodeAt(i)] ?? -1;
    const lo = HEX[uuid.charCodeAt(i + 1)] ?? -1;
    if (hi < 0 || lo < 0) throw new TypeError(`not a UUID: ${JSON.stringify(uuid)}`);
    buf[at + byte] = (hi << 4) | lo;
    i += 2;
  }
  return 16;
}
