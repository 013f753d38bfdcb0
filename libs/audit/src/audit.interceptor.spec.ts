import { createHash } from 'node:crypto';

import { describeWrite } from './audit.interceptor';

describe('describeWrite', () => {
  const request = (route: string, params: Record<string, string>, body: unknown = {}) =>
    ({
      method: 'POST',
      url: route,
      routeOptions: { url: route },
      params,
      body,
      principal: { subject: 'portal-frontend' },
    }) as unknown as Parameters<typeof describeWrite>[0];

  it('records the path ids of the route in order, and the subject', () => {
    const write = describeWrite(
      request('/demo/v10-0/profiles/:principalProfileId/outbound-procurations/:representativeProfileId', {
        principalProfileId: '12',
        representativeProfileId: '7',
      }),
      undefined,
      { createdBy: true, updatedBy: false },
    );
    expect(write).toMatchObject({
      resource: 'profiles/outbound-procurations',
      pathIds: ['12', '7'],
      subject: 'portal-frontend',
      successStatus: 201,
    });
  });

  it('never records an invite token: the start of its digest stands for it', () => {
    const token = 'Zm9vYmFyYmF6cXV4cXV1eHh5enp5MTIzNDU2Nzg5MGFi';
    const write = describeWrite(request('/demo/v10-0/procuration-invites/:token/consume', { token }), 200, {
      createdBy: false,
      updatedBy: true,
    });
    const digest = createHash('sha256').update(token).digest('hex');
    expect(write.pathIds).toEqual([`sha256:${digest.slice(0, 16)}`]);
    expect(JSON.stringify(write)).not.toContain(token);
  });
});
