// A convert upload over a raw socket: headers with a declared length, then as much of the body as
// the test wants, so tests can stall, cut or race uploads the way a hostile client would.
import { connect, type Socket } from 'node:net';

export interface RawUpload {
  socket: Socket;
  /** Resolves with the status line's code once a response starts (0 if the socket closed without one). */
  status: Promise<number>;
  /** Everything received, once the socket has closed. */
  closed: Promise<string>;
  send(bytes: Uint8Array | string): void;
}

const BOUNDARY = 'rawuploadboundary';

/** The multipart head of a file part (what precedes the file's bytes). */
export function partHead(fileName = 'doc.pdf'): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`;
}

export const partTail = `\r\n--${BOUNDARY}--\r\n`;

/** Opens a POST /v1/convert declaring `declaredBytes` of body; sends `initial` (if any) at once. */
export function rawUpload(base: string, key: string, declaredBytes: number, initial?: Uint8Array | string): RawUpload {
  const url = new URL(base);
  const socket = connect({ host: url.hostname, port: Number(url.port) });
  socket.setNoDelay(true);
  let received = '';
  let resolveStatus!: (n: number) => void;
  const status = new Promise<number>((r) => (resolveStatus = r));
  const closed = new Promise<string>((resolve) => {
    socket.on('data', (d) => {
      received += d.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (m) resolveStatus(Number(m[1]));
    });
    socket.on('error', () => {});
    socket.on('close', () => { resolveStatus(0); resolve(received); });
  });
  socket.write(
    `POST /v1/convert HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${key}\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${declaredBytes}\r\n\r\n`,
  );
  if (initial !== undefined) socket.write(initial);
  return { socket, status, closed, send: (b) => { socket.write(b); } };
}
