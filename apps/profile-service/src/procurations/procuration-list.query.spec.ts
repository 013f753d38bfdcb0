import { PROCURATION_ORDER, procurationConditions } from './procuration-list.query';

const now = new Date('2026-05-01T00:00:00.000Z');

describe('procuration list conditions (interfaces 4.3)', () => {
  it('keeps every procuration without filters', () => {
    expect(procurationConditions({}, now)).toEqual({ conditions: [], parameters: {} });
  });

  it('narrows to the principal, the representative and the delegator, or to none', () => {
    const { conditions, parameters } = procurationConditions(
      { principalProfileId: 1, representativeProfileId: 2, delegatorProfileId: 3 },
      now,
    );
    expect(conditions).toEqual([
      'procuration.principal_profile_id = :pfPrincipal',
      'procuration.representative_profile_id = :pfRepresentative',
      'procuration.delegator_profile_id = :pfDelegator',
    ]);
    expect(parameters).toEqual({ pfPrincipal: 1, pfRepresentative: 2, pfDelegator: 3 });
    expect(procurationConditions({ delegatorProfileId: null }, now).conditions).toEqual([
      'procuration.delegator_profile_id IS NULL',
    ]);
  });

  it('IncludeDelegations=false excludes delegations; true keeps them', () => {
    expect(procurationConditions({ includeDelegations: false }, now).conditions).toEqual([
      'procuration.delegator_profile_id IS NULL',
    ]);
    expect(procurationConditions({ includeDelegations: true }, now).conditions).toEqual([]);
  });

  it('IsOrgOwner and IsOrgManagerOrOwner treat a missing function as neither', () => {
    expect(procurationConditions({ isOrgOwner: true }, now).conditions).toEqual([
      "procuration.person_in_organization_function IS NOT DISTINCT FROM 'Owner'",
    ]);
    expect(procurationConditions({ isOrgOwner: false }, now).conditions).toEqual([
      "procuration.person_in_organization_function IS DISTINCT FROM 'Owner'",
    ]);
    const managers = procurationConditions({ isOrgManagerOrOwner: false }, now);
    expect(managers.conditions).toEqual([
      'NOT coalesce(procuration.person_in_organization_function = ANY(:pfSynced), false)',
    ]);
    expect(managers.parameters).toEqual({ pfSynced: ['Owner', 'Manager'] });
  });

  it('searches the representative keyword as an escaped substring, and access from the link start on', () => {
    const { conditions, parameters } = procurationConditions(
      { representativeKeyword: '50%_off', hasAccessToServiceId: 7 },
      now,
    );
    // As the profile list's Keyword: the e-mail's domain, or the search text.
    expect(conditions[0]).toBe(
      '(representative."email_domain_search" IN (SELECT sv.folded FROM search_value sv ' +
        "WHERE sv.kind = 'email_domain' AND sv.folded LIKE profile_search_fold(:pfKeyword1)) " +
        'OR representative."search_text" LIKE profile_search_fold(:pfKeyword2))',
    );
    expect(parameters).toMatchObject({ pfKeyword1: '%50\\%\\_off%', pfKeyword2: '%50\\%\\_off%' });
    expect(conditions[1]).toContain('access_link.validity_start_stamp <= :pfNow');
    expect(parameters).toMatchObject({ pfService: 7, pfNow: now });
  });

  it('orders by stored properties only', () => {
    expect(PROCURATION_ORDER.validityEndStamp).toBe('procuration.validityEndStamp');
    expect(PROCURATION_ORDER.id).toBe('procuration.id');
    expect(PROCURATION_ORDER.isUsable).toBeUndefined();
    expect(PROCURATION_ORDER.principalProfile).toBeUndefined();
  });
});
