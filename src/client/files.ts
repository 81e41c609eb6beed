// File inputs of `convert`: whatever the caller has (Buffer, Blob, web or Node stream) becomes one
// Blob in memory before the first attempt, so that a retry can resend the very same bytes under the
// same Idempotency-Key. (The service streams uploads but never keeps them; neither do we.)

/** Buffer/Uint8Array, ArrayBuffer, Blob (incl. File), a web ReadableStream or any async iterable of chunks (Node Readable). */
export type FileInput = Uint8Array | ArrayBuffer | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

export async function toBlob(file: FileInput, contentType?: string): Promise<Blob> {
  const type = contentType ?? (file instanceof Blob ? file.type : '') ?? '';
  if (file instanceof Blob) return contentType && file.type !== contentType ? new Blob([file], { type }) : file;
  if (file instanceof Uint8Array) return new Blob([file as Uint8Array<ArrayBuffer>], { type });
  if (file instanceof ArrayBuffer) return new Blob([file], { type });
  const chunks: Uint8Array[] = [];
  const iterable: AsyncIterable<Uint8Array | string> = isWebStream(file) ? webStreamChunks(file) : file;
  for await (const chunk of iterable) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return new Blob(chunks as Uint8Array<ArrayBuffer>[], { type });
}

function isWebStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof (value as ReadableStream | undefined)?.getReader === 'function';
}

async function* webStreamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
