import { bodyError } from '@gatehouse/http';

/**
 * Reads a web-standard request body into memory, refusing it (413) as soon as it passes
 * `limitBytes`: first by the declared `Content-Length`, then by counting the bytes that actually
 * arrive, so neither a missing nor a lying header lets a larger body through.
 */
export async function readBodyBytes(request: Request, limitBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limitBytes) throw bodyError('too-large');

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: Awaited<ReturnType<typeof reader.read>>;
    try {
      chunk = await reader.read();
    } catch {
      throw bodyError('unreadable');
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => {});
      throw bodyError('too-large');
    }
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
