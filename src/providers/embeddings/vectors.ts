// Vectors as stored (little-endian float32, 4 bytes a dimension) and compared (cosine).

/** Unit length, so a dot product is the cosine; a zero vector stays zero. */
export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm === 0) return v;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! / norm;
  return out;
}

export function encodeVector(v: Float32Array): Buffer {
  const buf = Buffer.alloc(v.length * 4);
  for (let i = 0; i < v.length; i++) buf.writeFloatLE(v[i]!, i * 4);
  return buf;
}

export function decodeVector(bytes: Uint8Array): Float32Array {
  const out = new Float32Array(Math.floor(bytes.byteLength / 4));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Dot product of a stored vector's bytes with a (normalized) query, without copying when aligned. */
export function dotBytes(bytes: Uint8Array, query: Float32Array): number {
  const n = Math.min(query.length, Math.floor(bytes.byteLength / 4));
  let sum = 0;
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0) {
    // A typed-array view reads the floats natively: several times faster than DataView.
    const v = new Float32Array(bytes.buffer, bytes.byteOffset, n);
    for (let i = 0; i < n; i++) sum += v[i]! * query[i]!;
    return sum;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < n; i++) sum += view.getFloat32(i * 4, true) * query[i]!;
  return sum;
}
