import type { ExampleByVersion } from '@portal/service-runtime';

import { RoleResponse } from '../../roles/role.response';
import { CreatedByBodyDto } from '../../../common/body-fields';
import {
  DeleteDocs,
  IdParam,
  ListDocs,
  NOT_FOUND,
  ORDER_BY,
  PAGING,
  ReadDocs,
  readProjection,
  ResourceDocs,
  sentences,
  UPSERT,
  WriteDocs,
  writeProjection,
} from '../../../common/operation-docs';

export const OrgCategoryRolesDocs = (): ClassDecorator => ResourceDocs('Organization categories');

/**
 * Ids of the demo catalogue: the category Company (1) gives the role Business (2). Each version's
 * delete takes away a link of its own that nothing reads: SelfEmployed (2) to Business (2), and
 * Foundation (4) to NonProfit (3).
 */
const CategoryId = (example: number | ExampleByVersion<number> = 1): MethodDecorator =>
  IdParam('orgCategoryId', example);
const RoleId = (example: number | ExampleByVersion<number> = 2): MethodDecorator =>
  IdParam('roleId', example);

const NOT_GIVEN =
  'A 404 when the category or the role does not exist, or the category does not give the role.';

export const ListOrgCategoryRolesDocs = (): MethodDecorator =>
  ListDocs(
    {
      summary: 'List the roles of an organization category',
      description: sentences(
        'The roles the category gives to its organization profiles.',
        PAGING,
        ORDER_BY,
        NOT_FOUND,
        readProjection('role'),
      ),
    },
    CategoryId(),
  );

export const ReadOrgCategoryRoleDocs = (): MethodDecorator =>
  ReadDocs(
    {
      summary: 'Read a role of an organization category',
      description: sentences(NOT_GIVEN, readProjection('role')),
    },
    RoleResponse,
    CategoryId(),
    RoleId(),
  );

export const UpsertOrgCategoryRoleDocs = (): MethodDecorator =>
  WriteDocs(
    {
      summary: 'Give a role to an organization category',
      description: sentences(
        UPSERT,
        'Every organization profile of the category that lacks the role receives it, in the same transaction.',
        NOT_FOUND,
        writeProjection('orgCategoryRole'),
      ),
    },
    CreatedByBodyDto,
    {
      orgCategoryRole: {
        summary: 'Public administrations (demo category 5) also receive the role Business (demo role 2)',
        value: { createdBy: 'luca.bernasconi' },
      },
    },
    CategoryId(5),
    RoleId(),
  );

export const DeleteOrgCategoryRoleDocs = (): MethodDecorator =>
  DeleteDocs(
    {
      summary: 'Take a role from an organization category',
      description: sentences(
        'Answers 204. The organization profiles that hold the role through the category lose it, in the same transaction; one given directly keeps it.',
        NOT_GIVEN,
      ),
    },
    CategoryId({ 'v10-0': 2, 'v9-1': 4 }),
    RoleId({ 'v10-0': 2, 'v9-1': 3 }),
  );
