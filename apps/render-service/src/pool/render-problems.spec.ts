import { Logger } from '@nestjs/common';

import { ServiceUnavailableError, TooManyRequestsError, UnprocessableError } from '@portal/problem-details';

import { poolErrorOf, unprocessable } from './render-problems';

describe(unprocessable.name, () => {
  let warn: jest.SpyInstance;

  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => warn.mockRestore());

  it("answers the client's failure as a 422 with its place, logging nothing", () => {
    const error = unprocessable({
      code: 'TEMPLATE.SYNTAX',
      message: 'The template does not compile.',
      line: 2,
      column: 5,
    });
    expect(error).toBeInstanceOf(UnprocessableError);
    expect(error).toMatchObject({ code: 'RENDER.TEMPLATE.SYNTAX', extensions: { line: 2, column: 5 } });
    expect(warn).not.toHaveBeenCalled();
  });

  it("logs a library's own error behind a general message at warn, and keeps it out of the answer", () => {
    const internal = {
      name: 'TypeError',
      message: "Cannot read properties of undefined (reading '_calcWidth')",
      frames: ['at TableProcessor.beginTable (pdfmake/js/TableProcessor.js:24:18)'],
    };
    const error = unprocessable({
      code: 'DOCUMENT.INVALID',
      message: 'pdfmake could not lay out a table of the document; check that ...',
      internal,
    });
    expect(error.message).not.toContain('_calcWidth');
    expect(JSON.stringify(error.extensions)).not.toContain('_calcWidth');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatchObject({ code: 'RENDER.DOCUMENT.INVALID', err: internal });
  });
});

describe(poolErrorOf.name, () => {
  it('answers a render overdue in the queue with 503 and Retry-After, one past its time in a worker with 422', () => {
    const overdue = poolErrorOf({ kind: 'overdue', retryAfterSeconds: 3, waitedMs: 10_000 });
    expect(overdue).toBeInstanceOf(ServiceUnavailableError);
    expect(overdue).toMatchObject({ status: 503, retryAfterSeconds: 3, code: 'RENDER.OVERLOADED' });
    expect(overdue.message).toContain('10000 ms a render may wait');
    expect(poolErrorOf({ kind: 'busy', retryAfterSeconds: 2 })).toBeInstanceOf(TooManyRequestsError);
    expect(poolErrorOf({ kind: 'timeout', timeoutMs: 10_000 })).toMatchObject({
      status: 422,
      message: 'The render took longer than 10000 ms and was stopped.',
    });
  });
});
