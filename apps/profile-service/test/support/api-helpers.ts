import { type ProfileService, V10 } from './profile-test-app';

type Json = Record<string, any>;

/** Bodies every resource with name, displayName (and description) refuses, with the property named. */
export const namedInvalid = (nameMax = 100, description = true): [string, Json, string][] => [
  ['a missing name', { name: undefined }, 'name'],
  ['an empty name', { name: '' }, 'name'],
  [`a name over ${nameMax} characters`, { name: 'n'.repeat(nameMax + 1) }, 'name'],
  ['a name that is not a string', { name: 42 }, 'name'],
  ['a missing displayName', { displayName: undefined }, 'displayName'],
  ['an empty displayName', { displayName: '' }, 'displayName'],
  ['a displayName over 255 characters', { displayName: 'd'.repeat(256) }, 'displayName'],
  ['a displayName with a control character', { displayName: 'Portal\u0007app' }, 'displayName'],
  ['a name with an escape sequence', { name: 'name\u001b[2J' }, 'name'],
  ...(description
    ? ([
        ['a description over 255 characters', { description: 'd'.repeat(256) }, 'description'],
        ['a description with a C1 control', { description: 'note\u0085' }, 'description'],
      ] as [string, Json, string][])
    : []),
];

/** Steps the suites share: create as ProfileApi_Max, and check that a delete is refused while in use. */
export function apiHelpers(service: () => ProfileService) {
  return {
    post: async (path: string, body: Json): Promise<Json> => {
      const response = await service().max.post<Json>(`${V10}${path}`, { createdBy: 'alice', ...body });
      expect(response.status).toBe(201);
      return response.body;
    },

    deleteRefused: async (url: string, idName: string, what: RegExp): Promise<void> => {
      const response = await service().max.delete<Json>(url);
      expect(response.status).toBe(400);
      expect(response.body.errors[idName]).toEqual([expect.stringMatching(what)]);
      expect((await service().max.get(url)).status).toBe(200);
    },
  };
}
