import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

import { storedNamesNear } from '@portal/database';
import { nearestName } from '@portal/http-context';

import {
  fetchPage,
  type OrderByWhitelist,
  type Page,
  type PageQueryDto,
  pageRequestOf,
  parseOrderBy,
} from '@portal/pagination';
import { auditCreated } from '@portal/audit';
import { NotFoundError, quoteInput, ValidationProblemError } from '@portal/problem-details';

import { INPUT_FORMATS, type InputFormat, isInputFormat } from '../engine/common/formats';
import { RenderPool } from '../pool/render-pool';
import { poolErrorOf, unprocessable } from '../pool/render-problems';
import type { SaveTemplateDto } from './dto/save-template.dto';
import { type ResolvedTemplate, ResolvedTemplateCache } from './resolved-template-cache';
import { readSampleData } from './sample-data';
import { TEMPLATE_INVALIDATION, type TemplateInvalidation } from './template-invalidation';
import {
  referenceLabel,
  TEMPLATE_NAME,
  TEMPLATE_NAME_RULE,
  type TemplateReference,
} from './template-reference';
import { RenderTemplateVersionEntity } from './template-version.entity';
import { RenderTemplateEntity } from './template.entity';

export const TEMPLATE_ORDER: OrderByWhitelist = {
  id: 'template.id',
  name: 'template.name',
  createStamp: 'template.createStamp',
  updateStamp: 'template.updateStamp',
};

export const VERSION_ORDER: OrderByWhitelist = {
  id: 'version.id',
  version: 'version.version',
  createStamp: 'version.createStamp',
};

export interface SavedVersion {
  readonly template: RenderTemplateEntity;
  readonly version: RenderTemplateVersionEntity;
}

interface UpsertedRow {
  id: number;
  latest_version: number;
  created_by: string;
  create_stamp: Date;
  inserted: boolean;
}

@Injectable()
export class TemplatesService implements OnModuleInit, OnModuleDestroy {
  private readonly cache = new ResolvedTemplateCache();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly pool: RenderPool,
    @Inject(TEMPLATE_INVALIDATION) private readonly invalidation: TemplateInvalidation,
  ) {
    invalidation.subscribe((name) => this.cache.invalidate(name));
  }

  async onModuleInit(): Promise<void> {
    await this.invalidation.ready();
  }

  async onModuleDestroy(): Promise<void> {
    await this.invalidation.close();
  }

  /** Saves a new version (contract 8): `created` when the name was new. */
  async save(
    name: string,
    body: SaveTemplateDto,
    savedBy: string,
    /** The token's subject: its compile check takes its turn among the callers' renders. */
    caller: string,
  ): Promise<SavedVersion & { created: boolean }> {
    if (!TEMPLATE_NAME.test(name))
      throw ValidationProblemError.of(
        'templateName',
        `templateName must be ${TEMPLATE_NAME_RULE}.`,
        'TEMPLATE.NAME_INVALID',
      );
    const inputFormat = inputFormatOf(body.inputFormat);
    const sampleData = sampleDataTextOf(body.sampleData);
    // A template that does not compile is refused and not saved.
    const check = await this.pool.run(
      { kind: 'check', inputFormat: inputFormat ?? 'html', template: body.data },
      { caller },
    );
    if (check.kind === 'refused') throw unprocessable(check);
    if (check.kind !== 'document') throw poolErrorOf(check);

    const now = new Date();
    const saved = await this.dataSource.transaction(async (manager) => {
      // One statement, so that concurrent saves of one name get consecutive versions.
      const [row] = await manager.query<UpsertedRow[]>(
        `INSERT INTO render_template (name, latest_version, created_by, create_stamp, updated_by, update_stamp)
         VALUES ($1, 1, $2, $3, $2, $3)
         ON CONFLICT (name) DO UPDATE SET latest_version = render_template.latest_version + 1,
           updated_by = EXCLUDED.updated_by, update_stamp = EXCLUDED.update_stamp
         RETURNING id, latest_version, created_by, create_stamp, (xmax = 0) AS inserted`,
        [name, savedBy, now],
      );
      const version = manager.create(RenderTemplateVersionEntity, {
        templateId: row.id,
        version: row.latest_version,
        inputFormat,
        data: body.data,
        sampleData,
        createdBy: savedBy,
        createStamp: now,
      });
      await manager.insert(RenderTemplateVersionEntity, version);
      const template = manager.create(RenderTemplateEntity, {
        id: row.id,
        name,
        latestVersion: row.latest_version,
        createdBy: row.created_by,
        createStamp: row.create_stamp,
        updatedBy: savedBy,
        updateStamp: now,
      });
      if (row.inserted) auditCreated();
      return { template, version, created: row.inserted };
    });
    await this.invalidate(name);
    return saved;
  }

  /** Version 1 of a template, unless the name is taken (by a replica starting alongside, say). */
  async saveIfMissing(
    name: string,
    inputFormat: InputFormat,
    data: string,
    savedBy: string,
    sampleData: unknown = null,
  ): Promise<boolean> {
    const sampleDataText = sampleDataTextOf(sampleData);
    const saved = await this.dataSource.transaction(async (manager) => {
      const now = new Date();
      const rows = await manager.query<Array<{ id: number }>>(
        `INSERT INTO render_template (name, latest_version, created_by, create_stamp, updated_by, update_stamp)
         VALUES ($1, 1, $2, $3, $2, $3) ON CONFLICT (name) DO NOTHING RETURNING id`,
        [name, savedBy, now],
      );
      if (rows.length === 0) return false;
      await manager.insert(RenderTemplateVersionEntity, {
        templateId: rows[0].id,
        version: 1,
        inputFormat,
        data,
        sampleData: sampleDataText,
        createdBy: savedBy,
        createStamp: now,
      });
      return true;
    });
    if (saved) await this.invalidate(name);
    return saved;
  }

  /** A saved version: the newest, or version N of `name@N`; unknown names and versions are 404s. */
  async get(reference: TemplateReference): Promise<SavedVersion> {
    // A name no template can have is not looked for.
    if (!TEMPLATE_NAME.test(reference.name)) throw await this.notFound(reference);
    const query = this.dataSource
      .getRepository(RenderTemplateVersionEntity)
      .createQueryBuilder('version')
      .innerJoinAndSelect('version.template', 'template')
      .addSelect(['version.data', 'version.sampleData'])
      .where('template.name = :name', { name: reference.name });
    if (reference.version === undefined) query.andWhere('version.version = template.latestVersion');
    else query.andWhere('version.version = :version', { version: reference.version });
    const version = await query.getOne();
    if (!version) throw await this.notFound(reference);
    return { template: version.template, version };
  }

  list(query: PageQueryDto): Promise<Page<RenderTemplateEntity>> {
    const order = parseOrderBy(query.OrderBy, TEMPLATE_ORDER);
    return fetchPage(
      this.dataSource.getRepository(RenderTemplateEntity).createQueryBuilder('template'),
      order,
      pageRequestOf(query),
    );
  }

  /** The newest version's input format of each template listed. */
  async inputFormatsOf(templates: readonly RenderTemplateEntity[]): Promise<Map<number, InputFormat | null>> {
    if (templates.length === 0) return new Map();
    const rows = await this.dataSource.query<
      Array<{ template_id: number; input_format: InputFormat | null }>
    >(
      `SELECT v.template_id, v.input_format FROM render_template_version v
       JOIN render_template t ON t.id = v.template_id AND v.version = t.latest_version
       WHERE t.id = ANY($1)`,
      [templates.map((template) => template.id)],
    );
    return new Map(rows.map((row) => [row.template_id, row.input_format]));
  }

  async versions(name: string, query: PageQueryDto): Promise<Page<RenderTemplateVersionEntity>> {
    const template = TEMPLATE_NAME.test(name)
      ? await this.dataSource.getRepository(RenderTemplateEntity).findOneBy({ name })
      : null;
    if (!template) throw await this.notFound({ name });
    const order = parseOrderBy(query.OrderBy, VERSION_ORDER);
    const builder = this.dataSource
      .getRepository(RenderTemplateVersionEntity)
      .createQueryBuilder('version')
      .where('version.templateId = :id', { id: template.id });
    return fetchPage(builder, order, pageRequestOf(query));
  }

  /** Deletes the template and every version of it. */
  async delete(name: string): Promise<void> {
    if (!TEMPLATE_NAME.test(name)) throw await this.notFound({ name });
    await this.dataSource.transaction(async (manager) => {
      const result = await manager.delete(RenderTemplateEntity, { name });
      if (!result.affected) throw await this.notFound({ name }, manager);
    });
    await this.invalidate(name);
  }

  /** A version to render from, without a query when this replica has it already. */
  async resolve(reference: TemplateReference): Promise<ResolvedTemplate> {
    const cached = this.cache.get(reference.name, reference.version);
    if (cached) return cached;
    const ticket = this.cache.ticket();
    const { template, version } = await this.get(reference);
    const resolved: ResolvedTemplate = {
      versionId: version.id,
      name: template.name,
      version: version.version,
      inputFormat: version.inputFormat,
      data: version.data,
    };
    this.cache.set(reference.version, resolved, ticket);
    return resolved;
  }

  /**
   * The 404 of a reference no saved version answers: when no template has its name, the stored
   * name nearest to it is suggested (`name@N` of a known name is a version that does not exist).
   */
  private async notFound(
    reference: TemplateReference,
    queryable: DataSource | EntityManager = this.dataSource,
  ): Promise<NotFoundError> {
    const { name } = reference;
    const known = await storedNamesNear(queryable, RenderTemplateEntity, 'name', name);
    const nearest = known.includes(name) ? undefined : nearestName(name, known);
    const unknown = `No template (or version) is named ${quoteInput(referenceLabel(reference))}`;
    return new NotFoundError(
      nearest === undefined ? `${unknown}.` : `${unknown}; did you mean ${quoteInput(nearest)}?`,
      'TEMPLATE.NOT_FOUND',
    );
  }

  private async invalidate(name: string): Promise<void> {
    this.cache.invalidate(name);
    await this.invalidation.publish(name);
  }
}

function inputFormatOf(value: string | null | undefined): InputFormat | null {
  if (value === undefined || value === null) return null;
  const format = value.toLowerCase();
  if (!isInputFormat(format))
    throw unprocessable({
      code: 'FORMAT.UNKNOWN_INPUT',
      message: `inputFormat must be one of ${INPUT_FORMATS.join(', ')}, not ${quoteInput(value)}.`,
    });
  return format;
}

/** The compact JSON text stored, or null; the DTO has refused what this cannot read. */
function sampleDataTextOf(value: unknown): string | null {
  const reading = readSampleData(value);
  if (!reading.ok)
    throw ValidationProblemError.of('sampleData', reading.problem, 'TEMPLATE.SAMPLE_DATA_INVALID');
  return reading.text;
}
