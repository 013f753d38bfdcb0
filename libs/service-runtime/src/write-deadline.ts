import type { ServerResponse } from 'node:http';

/** What the deadline reads of a connection (a net.Socket). */
export interface WatchedSocket {
  /** Every byte given to the socket, taken or still waiting. */
  readonly bytesWritten: number;
  /** Bytes given to the socket that the kernel has not taken yet (the write under way included). */
  readonly writableLength: number;
  destroy(): void;
}

/** Looks at the socket four times per deadline: a stalled reader is stopped within 1.25 deadlines. */
const LOOKS_PER_DEADLINE = 4;

/**
 * A write deadline: destroys the response's connection once data has waited on its socket for
 * `deadlineMs` without the kernel taking any of it (a client that stopped reading; its TCP window
 * is shut). Time with nothing to send (a slow query before the next batch) never counts. A write
 * counts as taken only when all of it is, so a response meant for slow readers writes in chunks
 * (StreamedPage's are 64 KiB). The socket's close ends the response, which frees what it held (a
 * stream's cursor and connection, the caller's counts); the watch ends with the response.
 */
export function enforceWriteDeadline(response: ServerResponse, deadlineMs: number): void {
  const socket: WatchedSocket | null = response.socket;
  if (!socket) return;
  const taken = (): number => socket.bytesWritten - socket.writableLength;
  let lastTaken = taken();
  let stalledLooks = 0;
  const watch = setInterval(
    () => {
      const now = taken();
      if (socket.writableLength === 0 || now !== lastTaken) {
        lastTaken = now;
        stalledLooks = 0;
      } else if (++stalledLooks >= LOOKS_PER_DEADLINE) {
        clearInterval(watch);
        socket.destroy();
      }
    },
    Math.max(1, Math.ceil(deadlineMs / LOOKS_PER_DEADLINE)),
  );
  // Never what keeps a stopping process alive.
  watch.unref();
  response.once('close', () => clearInterval(watch));
}
