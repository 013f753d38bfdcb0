import type { DataSource, EntityManager, FindOptionsWhere, Repository } from 'typeorm';

import { auditCreated } from '@portal/audit';
import { isForeignKeyViolation, stampCreated, stampUpdated } from '@portal/database';
import {
  fetchPage,
  type OrderByWhitelist,
  type Page,
  type PageQueryDto,
  pageRequestOf,
  parseOrderBy,
} from '@portal/pagination';
import { type NotFoundError, ValidationProblemError } from '@portal/problem-details';

import {
  type AuditedRecord,
  notFoundError,
  orderByWhitelistOf,
  RECORD,
  type ResourceDefinition,
} from './resource-definition';

export type CreateBody = { readonly createdBy: string };
export type UpdateBody = { readonly updatedBy: string };

/**
 * List, read, create, update and delete of one resource, the same way for every resource:
 * paging and OrderBy over its fields, 404 for an unknown id, one transaction per write, and a
 * 400 instead of a delete while other records refer to it (their foreign keys restrict it).
 * Uniqueness and references on write are kept by the database and reported as 400s by the
 * app's error translator.
 */
export class CrudService<E extends AuditedRecord, Q extends PageQueryDto = PageQueryDto> {
  private readonly orderBy: OrderByWhitelist;

  constructor(
    protected readonly dataSource: DataSource,
    readonly definition: ResourceDefinition<E, Q>,
  ) {
    this.orderBy = orderByWhitelistOf(definition);
  }

  async list(query: Q): Promise<Page<E>> {
    const order = parseOrderBy(query.OrderBy, this.orderBy);
    const list = this.repository().createQueryBuilder(RECORD);
    this.definition.filter?.(list, query);
    return fetchPage(list, order, pageRequestOf(query));
  }

  async get(id: number): Promise<E> {
    const entity = await this.repository().findOneBy({ id } as FindOptionsWhere<E>);
    if (!entity) throw this.notFound(id);
    return entity;
  }

  async create(body: CreateBody): Promise<E> {
    const entity = this.repository().create();
    this.assign(entity, body);
    stampCreated(entity, body.createdBy);
    return this.dataSource.transaction(async (manager) => {
      const saved = await manager.getRepository(this.definition.entity).save(entity);
      auditCreated(saved.id);
      return saved;
    });
  }

  async update(id: number, body: UpdateBody): Promise<E> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(this.definition.entity);
      const entity = await repository.findOne({
        where: { id } as FindOptionsWhere<E>,
        lock: { mode: 'pessimistic_write' },
      });
      if (!entity) throw this.notFound(id);
      this.checkUpdate(entity, body);
      const previous = repository.create({ ...entity });
      this.assign(entity, body);
      stampUpdated(entity, body.updatedBy);
      const saved = await repository.save(entity);
      await this.afterUpdate(manager, previous, saved);
      return saved;
    });
  }

  async delete(id: number): Promise<void> {
    try {
      await this.dataSource.transaction(async (manager) => {
        const repository = manager.getRepository(this.definition.entity);
        const entity = await repository.findOne({
          where: { id } as FindOptionsWhere<E>,
          lock: { mode: 'pessimistic_write' },
        });
        if (!entity) throw this.notFound(id);
        this.checkDelete(entity);
        await repository.delete(id);
      });
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw await this.inUse(id, error.driverError as { constraint?: string });
      throw error;
    }
  }

  notFound(id: number): NotFoundError {
    return notFoundError(this.definition, id);
  }

  /** A resource's own rule on update, beyond validation and the database's constraints. */
  protected checkUpdate(_current: E, _body: UpdateBody): void {}

  /** A resource's own follow-up of an update, in its transaction: the record as it was and as saved. */
  protected afterUpdate(_manager: EntityManager, _previous: E, _saved: E): Promise<void> {
    return Promise.resolve();
  }

  /** A resource's own rule on delete, beyond the foreign keys that restrict it. */
  protected checkDelete(_current: E): void {}

  protected repository(): Repository<E> {
    return this.dataSource.getRepository(this.definition.entity);
  }

  /** PUT replaces: a field the body leaves out takes its default. */
  private assign(entity: E, body: object): void {
    const values = body as Record<string, unknown>;
    for (const [field, fallback] of Object.entries(this.definition.fields)) {
      (entity as Record<string, unknown>)[field] = values[field] ?? fallback;
    }
  }

  /** The 400 of a delete a foreign key restricted, naming the referring records and how many they are. */
  private async inUse(id: number, driverError: { constraint?: string }): Promise<ValidationProblemError> {
    const referrer = this.dataSource.entityMetadatas.find((metadata) =>
      metadata.foreignKeys.some((foreignKey) => foreignKey.name === driverError.constraint),
    );
    const foreignKey = referrer?.foreignKeys.find((key) => key.name === driverError.constraint);
    let what = 'another record still refers to it';
    if (referrer && foreignKey?.columnNames.length === 1) {
      const escape = (name: string) => this.dataSource.driver.escape(name);
      // Counted after the refused delete rolled back: the number is as of now, which is what the caller can act on.
      const [{ count }] = await this.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM ${escape(referrer.tableName)} WHERE ${escape(foreignKey.columnNames[0])} = $1`,
        [id],
      );
      what = referring(referrer.tableName.replace(/_/g, ' '), count);
    }
    return ValidationProblemError.of(
      this.definition.idName,
      `The ${this.definition.noun} cannot be deleted: ${what}.`,
      `${this.definition.code}.IN_USE`,
    );
  }
}

/** `a service role still refers to it`, `3 service setting values still refer to it`. */
const referring = (noun: string, count: number): string =>
  count <= 1 ? `${withArticle(noun)} still refers to it` : `${count} ${plural(noun)} still refer to it`;

const plural = (noun: string): string =>
  /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`;

const withArticle = (noun: string): string => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
