/**
 * The generic CRUD's rules without a database, on the legal forms' definition: 404 for an unknown
 * id, PUT replaces (a field left out takes its default), the resource's own hooks around an update
 * and a delete, and the 400 of a delete a foreign key restricts, naming who refers to the record.
 * The reference-data services that only configure it need no spec of their own.
 *
 * Left to the e2e suites (reference-data, and crud-conformance in test/support): list filters and
 * OrderBy, unique indexes reported as 400s, the foreign keys themselves.
 */
import { QueryFailedError } from 'typeorm';

import { ValidationProblemError } from '@portal/problem-details';

import { LegalFormEntity } from './legal-form.entity';
import { LEGAL_FORM_RESOURCE } from './legal-form.response';
import { FakeDatabase } from '../../common/testing/fake-database';
import { CrudService, type UpdateBody } from '../../common/crud/crud.service';

const FOREIGN_KEY = 'fk_organization_legal_form';
const restricted = (constraint: string): QueryFailedError =>
  new QueryFailedError('DELETE', [], Object.assign(new Error('restricted'), { code: '23503', constraint }));

const body = { name: 'GmbH', displayName: 'GmbH', createdBy: 'test', updatedBy: 'test' };

describe(CrudService.name, () => {
  let fake: FakeDatabase;
  let sut: CrudService<LegalFormEntity>;

  beforeEach(() => {
    fake = new FakeDatabase().given(LegalFormEntity, {
      id: 1,
      name: 'AG',
      displayName: 'Aktiengesellschaft',
      code: 'AG',
      description: 'Share company',
      isOrgDeletableByOwner: false,
      createdBy: 'seed',
    });
    sut = new CrudService(fake.dataSource, LEGAL_FORM_RESOURCE);
  });

  it('answers 404 with the resource’s code and noun for an unknown id', async () => {
    await expect(sut.get(9)).rejects.toMatchObject({
      code: 'LEGAL_FORM.NOT_FOUND',
      message: 'No legal form has the id 9.',
    });
    await expect(sut.update(9, body)).rejects.toMatchObject({ code: 'LEGAL_FORM.NOT_FOUND' });
    await expect(sut.delete(9)).rejects.toMatchObject({ code: 'LEGAL_FORM.NOT_FOUND' });
  });

  it('creates with the defaults of the fields the body leaves out, stamped by its creator', async () => {
    const created = await sut.create(body);

    expect(fake.rows(LegalFormEntity)[1]).toMatchObject({
      id: created.id,
      name: 'GmbH',
      code: null,
      description: null,
      isOrgDeletableByOwner: true,
      createdBy: 'test',
      updatedBy: 'test',
    });
  });

  it('replaces every field on update: one left out takes its default, not its old value', async () => {
    await sut.update(1, { ...body, updatedBy: 'editor' });

    expect(fake.rows(LegalFormEntity)[0]).toMatchObject({
      name: 'GmbH',
      code: null,
      description: null,
      isOrgDeletableByOwner: true,
      createdBy: 'seed',
      updatedBy: 'editor',
    });
  });

  it("runs the resource's rule before an update changes anything, and its follow-up with the old and new record", async () => {
    const seen: string[] = [];
    class RefusingAg extends CrudService<LegalFormEntity> {
      protected override checkUpdate(current: LegalFormEntity, update: UpdateBody & { name?: string }): void {
        seen.push(`check ${current.name} -> ${update.name}`);
        if (update.name === 'refused') throw ValidationProblemError.of('name', 'refused');
      }
      protected override afterUpdate(_manager: unknown, previous: LegalFormEntity, saved: LegalFormEntity) {
        seen.push(`after ${previous.name} -> ${saved.name}`);
        return Promise.resolve();
      }
    }
    const refusing = new RefusingAg(fake.dataSource, LEGAL_FORM_RESOURCE);
    const refused = { ...body, name: 'refused' };

    await expect(refusing.update(1, refused)).rejects.toThrow('refused');
    await refusing.update(1, body);

    expect(seen).toEqual(['check AG -> refused', 'check AG -> GmbH', 'after AG -> GmbH']);
    expect(fake.callsOf('save', LegalFormEntity)).toHaveLength(1);
  });

  it('deletes a record, unless its own rule refuses it', async () => {
    class Undeletable extends CrudService<LegalFormEntity> {
      protected override checkDelete(): void {
        throw ValidationProblemError.of('legalFormId', 'kept');
      }
    }

    await expect(new Undeletable(fake.dataSource, LEGAL_FORM_RESOURCE).delete(1)).rejects.toThrow('kept');
    expect(fake.rows(LegalFormEntity)).toHaveLength(1);
    await sut.delete(1);
    expect(fake.rows(LegalFormEntity)).toEqual([]);
  });

  describe('a delete a foreign key restricts', () => {
    beforeEach(() => {
      fake.fails('delete', LegalFormEntity, restricted(FOREIGN_KEY));
    });

    it.each([
      ['organization', 3, 'The legal form cannot be deleted: 3 organizations still refer to it.'],
      ['organization', 1, 'The legal form cannot be deleted: an organization still refers to it.'],
      [
        'service_setting_value',
        2,
        'The legal form cannot be deleted: 2 service setting values still refer to it.',
      ],
      ['identity', 2, 'The legal form cannot be deleted: 2 identities still refer to it.'],
      ['favorite_service', 2, 'The legal form cannot be deleted: 2 favorite services still refer to it.'],
    ])('says how many %s rows refer to it (%i)', async (table, count, message) => {
      fake
        .foreignKey(table, FOREIGN_KEY, 'legal_form_id')
        .answer(/SELECT count\(\*\)::int AS count/, [{ count }]);

      await expect(sut.delete(1)).rejects.toMatchObject({
        code: 'LEGAL_FORM.IN_USE',
        errors: { legalFormId: [message] },
      });
      expect(fake.statementsRun()).toEqual([
        `SELECT count(*)::int AS count FROM "${table}" WHERE "legal_form_id" = $1`,
      ]);
    });

    it('says only that another record refers to it when the constraint is not an entity’s', async () => {
      await expect(sut.delete(1)).rejects.toMatchObject({
        message: 'The legal form cannot be deleted: another record still refers to it.',
      });
      expect(fake.statementsRun()).toEqual([]);
    });
  });

  it('lets any other error of a delete through', async () => {
    const broken = new Error('connection lost');
    fake.fails('delete', LegalFormEntity, broken);

    await expect(sut.delete(1)).rejects.toBe(broken);
  });
});
