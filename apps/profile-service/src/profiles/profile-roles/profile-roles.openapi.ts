import {
  DeleteDocs,
  IdParam,
  ListDocs,
  NOT_FOUND,
  PAGING,
  ReadDocs,
  readProjection,
  ResourceDocs,
  sentences,
  UPSERT,
  WriteDocs,
  writeProjection,
} from '../../common/operation-docs';
import { ProfileIdParam } from '../../common/profile-path';
import { ProfileRoleBodyDto } from './profile-role.dto';
import { HeldRoleResponse } from './profile-role.response';

export const ProfileRolesDocs = (): ClassDecorator => ResourceDocs('Roles of a profile');

/** The demo catalogue's role Business, which the writes' examples give profile 1 and take away. */
const RoleId = (): MethodDecorator => IdParam('roleId', 2);
/** The role Citizen (1), which profile 1 holds from the start: the read answers before any write. */
const HeldRoleId = (): MethodDecorator => IdParam('roleId', 1);

const NOT_HELD = 'A 404 when the profile or the role does not exist, or the profile does not hold the role.';
const HELD_ORDER_BY =
  "`OrderBy` over the role's properties and `profileRole.validityStartStamp`, `profileRole.source`, " +
  '`profileRole.createStamp`, `profileRole.updateStamp` (default `id`; every order ends with `id`).';

export const ListProfileRolesDocs = (): MethodDecorator =>
  ListDocs(
    {
      summary: 'List the roles of a profile (also those whose validity has not started)',
      description: sentences(
        '`Expand=ProfileRole` adds how the profile holds each role (`validityStartStamp`, `source`).',
        PAGING,
        HELD_ORDER_BY,
        NOT_FOUND,
        readProjection('role'),
      ),
    },
    ProfileIdParam(),
  );

export const ReadProfileRoleDocs = (): MethodDecorator =>
  ReadDocs(
    {
      summary: 'Read a role of a profile',
      description: sentences(
        '`Expand=ProfileRole` adds how the profile holds it.',
        NOT_HELD,
        readProjection('role'),
      ),
    },
    HeldRoleResponse,
    ProfileIdParam(),
    HeldRoleId(),
  );

export const UpsertProfileRoleDocs = (): MethodDecorator =>
  WriteDocs(
    {
      summary: 'Give a role to a profile',
      description: sentences(
        UPSERT,
        'The role is held directly (a role its organization category gave becomes direct) from `validityStartStamp` on ' +
          '(default: now); until then it grants no service. The automated update of procuration services runs in the ' +
          'same transaction.',
        NOT_FOUND,
        writeProjection('profileRole'),
      ),
    },
    ProfileRoleBodyDto,
    {
      fromNow: {
        summary: 'Profile 1 holds the role Business (demo role 2) from now on',
        value: { createdBy: 'luca.bernasconi' },
      },
      fromADate: {
        summary: 'Profile 1 holds the role Business from 1 January 2026',
        value: { validityStartStamp: '2026-01-01T00:00:00Z', createdBy: 'luca.bernasconi' },
      },
    },
    ProfileIdParam(),
    RoleId(),
  );

export const DeleteProfileRoleDocs = (): MethodDecorator =>
  DeleteDocs(
    {
      summary: 'Take a role from a profile',
      description: sentences(
        'Answers 204. The role goes whatever gave it (directly or the organization category).',
        'The automated update of procuration services runs in the same transaction.',
        NOT_HELD,
      ),
    },
    ProfileIdParam(),
    RoleId(),
  );
