import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { firstValueFrom, of } from 'rxjs';

import { UpsertedResponse, UpsertStatusInterceptor } from './upserted-response';

describe(UpsertStatusInterceptor.name, () => {
  const sut = new UpsertStatusInterceptor();

  const run = async (result: unknown) => {
    const reply = { status: jest.fn(), headers: jest.fn() };
    reply.status.mockReturnValue(reply);
    reply.headers.mockReturnValue(reply);
    const context = { switchToHttp: () => ({ getResponse: () => reply }) } as unknown as ExecutionContext;
    const next: CallHandler = { handle: () => of(result) };
    return { body: await firstValueFrom(sut.intercept(context, next)), reply };
  };

  it('answers a created record with 201 and its body', async () => {
    const { body, reply } = await run(UpsertedResponse.of({ record: { id: 7 }, created: true }, (r) => r));
    expect(reply.status).toHaveBeenCalledWith(201);
    expect(body).toEqual({ id: 7 });
  });

  it('answers an updated record with 200, the body mapped by the handler', async () => {
    const upserted = UpsertedResponse.of({ record: { id: 7, secret: 'x' }, created: false }, ({ id }) => ({
      id,
    }));
    const { body, reply } = await run(upserted);
    expect(reply.status).toHaveBeenCalledWith(200);
    expect(body).toEqual({ id: 7 });
  });

  it("sends the route's own headers, kept through a map", async () => {
    const upserted = UpsertedResponse.of({ record: 1, created: false }, (n) => n)
      .withHeaders({ Deprecation: '@1763856000' })
      .map((n) => n + 1);
    const { body, reply } = await run(upserted);
    expect(reply.headers).toHaveBeenCalledWith({ Deprecation: '@1763856000' });
    expect(body).toBe(2);
  });

  it('leaves any other result and the reply alone', async () => {
    const { body, reply } = await run({ record: 1, created: true });
    expect(body).toEqual({ record: 1, created: true });
    expect(reply.status).not.toHaveBeenCalled();
  });
});
