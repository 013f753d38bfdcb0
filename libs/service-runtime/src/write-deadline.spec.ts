import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';

import { enforceWriteDeadline } from './write-deadline';

/** A socket whose kernel takes what the test says it takes. */
class FakeSocket {
  bytesWritten = 0;
  writableLength = 0;
  readonly destroy = jest.fn();

  /** The server writes `bytes`; they wait until taken. */
  write(bytes: number): void {
    this.bytesWritten += bytes;
    this.writableLength += bytes;
  }

  take(bytes: number): void {
    this.writableLength -= bytes;
  }
}

function watched(deadlineMs: number): { socket: FakeSocket; response: EventEmitter } {
  const socket = new FakeSocket();
  const response = Object.assign(new EventEmitter(), { socket });
  enforceWriteDeadline(response as unknown as ServerResponse, deadlineMs);
  return { socket, response };
}

describe('enforceWriteDeadline', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('destroys the connection once waiting data has gone untaken for the deadline, not before', () => {
    const { socket } = watched(10_000);
    socket.write(64 * 1024);
    jest.advanceTimersByTime(9_999);
    expect(socket.destroy).not.toHaveBeenCalled();
    jest.advanceTimersByTime(2_500);
    expect(socket.destroy).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(60_000);
    expect(socket.destroy).toHaveBeenCalledTimes(1);
  });

  it('lets a slow reader be, as long as it takes something within each deadline', () => {
    const { socket } = watched(10_000);
    socket.write(1024 * 1024);
    for (let second = 0; second < 120; second += 1) {
      jest.advanceTimersByTime(9_000);
      socket.take(1024);
    }
    expect(socket.destroy).not.toHaveBeenCalled();
  });

  it('never counts time with nothing to send (a slow query before the next batch)', () => {
    const { socket } = watched(10_000);
    socket.write(1000);
    socket.take(1000);
    jest.advanceTimersByTime(60_000);
    expect(socket.destroy).not.toHaveBeenCalled();
    // Once data waits again, the deadline runs from then on.
    socket.write(1000);
    jest.advanceTimersByTime(9_000);
    expect(socket.destroy).not.toHaveBeenCalled();
    jest.advanceTimersByTime(3_500);
    expect(socket.destroy).toHaveBeenCalledTimes(1);
  });

  it('ends with the response', () => {
    const { socket, response } = watched(10_000);
    socket.write(1000);
    response.emit('close');
    jest.advanceTimersByTime(60_000);
    expect(socket.destroy).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('does nothing for a response without a socket (already detached)', () => {
    const response = Object.assign(new EventEmitter(), { socket: null });
    enforceWriteDeadline(response as unknown as ServerResponse, 1000);
    expect(jest.getTimerCount()).toBe(0);
  });
});
