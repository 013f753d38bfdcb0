import { type AuditedWrite, auditEventRowOf, resourceOfRoute } from './audited-write';

describe('resourceOfRoute', () => {
  it.each([
    ['/demo/v10-0/profiles', 'profiles', []],
    ['/demo/v10-0/profiles/:profileId', 'profiles', ['profileId']],
    [
      '/demo/v9-1/org-categories/:orgCategoryId/roles/:roleId',
      'org-categories/roles',
      ['orgCategoryId', 'roleId'],
    ],
    ['/demo/v10-0/profiles/:profileId/picture', 'profiles/picture', ['profileId']],
    ['/demo/v10-0/templates/:templateName', 'templates', ['templateName']],
  ])('reads %s as resource %s with parameters %j', (route, resource, parameters) => {
    expect(resourceOfRoute(route)).toEqual({ resource, parameters });
  });
});

describe('auditEventRowOf', () => {
  const write = (overrides: Partial<AuditedWrite> = {}): AuditedWrite => ({
    method: 'PUT',
    route: '/demo/v10-0/org-categories/:orgCategoryId/roles/:roleId',
    resource: 'org-categories/roles',
    pathIds: ['5', '2'],
    subject: 'editor',
    createdBy: 'alice',
    updatedBy: null,
    successStatus: 200,
    recorded: false,
    ...overrides,
  });

  it('records an update by its path ids, with the route status', () => {
    expect(auditEventRowOf(write(), 'c-1')).toMatchObject({
      resourceId: '5/2',
      result: 'updated',
      status: 200,
      correlationId: 'c-1',
    });
  });

  it('records a create as 201 with the new id after the path ids', () => {
    expect(
      auditEventRowOf(write({ method: 'POST', pathIds: ['5'], created: { id: '17' } }), 'c'),
    ).toMatchObject({
      resourceId: '5/17',
      result: 'created',
      status: 201,
    });
    expect(auditEventRowOf(write({ created: {} }), 'c')).toMatchObject({
      resourceId: '5/2',
      result: 'created',
    });
  });

  it('records a delete with its route status, and no id when the path has none', () => {
    expect(auditEventRowOf(write({ method: 'DELETE', successStatus: 204, pathIds: [] }), 'c')).toMatchObject({
      resourceId: null,
      result: 'deleted',
      status: 204,
    });
  });
});
