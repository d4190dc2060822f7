/**
 * A `uuid[]` query parameter in PostgreSQL's binary array format. node-postgres sends a Buffer
 * parameter as binary; the server then takes each element as its 16 bytes (`uuid_recv`) instead
 * of parsing text (`array_in` and `uuid_in`): a third of the server's CPU for a 1,000-element
 * array (docs/benchmarks.md, 2026-11-28). For the drains' thousand-row statements; write it as
 * `${uuidArray(ids)}::uuid[]`. Throws on a value that is not a UUID, as the server would.
 */
export function uuidArray(values: readonly (string | null)[]): Buffer {
  let nulls = 0;
  for (const v of values) if (v === null) nulls++;
  const buf = Buffer.allocUnsafe(HEADER + values.length * 4 + (values.length - nulls) * 16);
  buf.writeInt32BE(1, 0); // dimensions
  buf.writeInt32BE(nulls > 0 ? 1 : 0, 4); // has nulls
  buf.writeUInt32BE(UUID_OID, 8);
  buf.writeInt32BE(values.length, 12);
  buf.writeInt32BE(1, 16); // lower bound
  let at = HEADER;
  for (const v of values) {
    if (v === null) {
      buf.writeInt32BE(-1, at);
      at += 4;
      continue;
    }
    buf.writeInt32BE(16, at);
    writeUuid(buf, at + 4, v);
    at += 20;
  }
  return buf;
}

const HEADER = 20;
const UUID_OID = 2950;
const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) HEX[48 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX[65 + i] = 10 + i;
  HEX[97 + i] = 10 + i;
}

/** The 16 bytes of a UUID in its canonical text form (8-4-4-4-12 hex digits). */
function writeUuid(buf: Buffer, at: number, uuid: string): void {
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
}
