import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';

import { auditCreated } from '@portal/audit';
import {
  EntityLookup,
  isUniqueViolation,
  stampCreated,
  stampUpdated,
  storedNamesNear,
} from '@portal/database';
import { nearestName } from '@portal/http-context';
import { fetchPage, type OrderByWhitelist, type Page, pageRequestOf, parseOrderBy } from '@portal/pagination';
import {
  NotFoundError,
  quoteInput,
  type ValidationErrors,
  ValidationProblemError,
} from '@portal/problem-details';

import type { ContrastPolicy } from '../config-environment';

import type {
  CreateUiTemplateDto,
  UiTemplateFieldsDto,
  UpdateUiTemplateDto,
} from './dto/ui-template-write.dto';
import type { ListUiTemplatesQueryDto } from './dto/ui-template-list-query.dto';
import {
  SENDER_IDENTIFIER_UNIQUE,
  UiTemplateSenderIdentifierEntity,
} from './ui-template-sender-identifier.entity';
import { type ColorPalette, UI_TEMPLATE_NAME_UNIQUE, UiTemplateEntity } from './ui-template.entity';
import { contrastFailures, describeContrastFailure } from './palette-contrast';
import { colorPaletteOf, linkOf, logoOf, socialNetworkOf, type UiTemplateRecord } from './ui-template.mapper';

/** CONFIG_CONTRAST_POLICY, as UiTemplatesModule.register provides it. */
export const CONTRAST_POLICY = 'CONFIG_CONTRAST_POLICY';

export const UI_TEMPLATE_ORDER: OrderByWhitelist = {
  id: 'template.id',
  name: 'template.name',
  displayName: 'template.displayName',
  createStamp: 'template.createStamp',
  updateStamp: 'template.updateStamp',
};

@Injectable()
export class UiTemplatesService {
  /** Reading one template by name is the service's hot path. */
  private readonly byName: EntityLookup<UiTemplateEntity>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CONTRAST_POLICY) private readonly contrastPolicy: ContrastPolicy,
  ) {
    this.byName = new EntityLookup(dataSource, UiTemplateEntity, 'name');
  }

  async list(query: ListUiTemplatesQueryDto): Promise<Page<UiTemplateEntity>> {
    const order = parseOrderBy(query.OrderBy, UI_TEMPLATE_ORDER);
    const builder = this.templates().createQueryBuilder('template');
    if (query.SenderIdentifier !== undefined) {
      builder.where(
        'template.id IN (SELECT s.ui_template_id FROM ui_template_sender_identifier s WHERE s.value = :senderIdentifier)',
        { senderIdentifier: query.SenderIdentifier },
      );
    }
    return fetchPage(builder, order, pageRequestOf(query));
  }

  async getByName(name: string): Promise<UiTemplateRecord> {
    const template = await this.byName.find(name);
    if (!template) throw await notFound(this.dataSource, name);
    return template;
  }

  async create(body: CreateUiTemplateDto): Promise<UiTemplateEntity> {
    this.checkContrast(body.colorPalette);
    const template = new UiTemplateEntity();
    template.name = body.name;
    assignFields(template, body);
    stampCreated(template, body.createdBy);
    return this.writeInTransaction(body, async (manager) => {
      const saved = await manager.save(template);
      auditCreated(saved.id);
      await this.claimSenderIdentifiers(manager, saved);
      return saved;
    });
  }

  async update(name: string, body: UpdateUiTemplateDto): Promise<UiTemplateEntity> {
    this.checkContrast(body.colorPalette);
    return this.writeInTransaction(body, async (manager) => {
      const template = await manager
        .createQueryBuilder(UiTemplateEntity, 'template')
        .setLock('pessimistic_write')
        .where('template.name = :name', { name })
        .getOne();
      if (!template) throw await notFound(manager, name);
      assignFields(template, body);
      stampUpdated(template, body.updatedBy);
      const saved = await manager.save(template);
      await this.claimSenderIdentifiers(manager, saved);
      return saved;
    });
  }

  async delete(name: string): Promise<void> {
    // Sender identifiers go with the template (ON DELETE CASCADE).
    await this.dataSource.transaction(async (manager) => {
      const result = await manager.delete(UiTemplateEntity, { name });
      if (!result.affected) throw await notFound(manager, name);
    });
  }

  /**
   * Under CONFIG_CONTRAST_POLICY=enforce a palette below WCAG 2.2 AA is a 400 on each colour to
   * change, before anything is written; under `warn` the controller names the pairs in a header.
   */
  private checkContrast(palette: ColorPalette): void {
    if (this.contrastPolicy !== 'enforce') return;
    const failures = contrastFailures(palette);
    if (failures.length === 0) return;
    const errors: ValidationErrors = {};
    for (const failure of failures) (errors[failure.path] ??= []).push(describeContrastFailure(failure));
    throw new ValidationProblemError(
      errors,
      failures.length === 1
        ? describeContrastFailure(failures[0])
        : 'The colour palette is below the contrast WCAG 2.2 AA asks of text; see errors.',
      'UI_TEMPLATE.CONTRAST_TOO_LOW',
    );
  }

  private templates() {
    return this.dataSource.getRepository(UiTemplateEntity);
  }

  /** Replaces the template's rows in the uniqueness table, in the write's transaction. */
  private async claimSenderIdentifiers(manager: EntityManager, template: UiTemplateEntity): Promise<void> {
    await manager.delete(UiTemplateSenderIdentifierEntity, { uiTemplateId: template.id });
    if (template.senderIdentifiers.length === 0) return;
    await manager.insert(
      UiTemplateSenderIdentifierEntity,
      template.senderIdentifiers.map((value) => ({ uiTemplateId: template.id, value })),
    );
  }

  /** One transaction per write; uniqueness violations become 400s on the property that caused them. */
  private async writeInTransaction<T>(
    body: UiTemplateFieldsDto & { name?: string },
    work: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, UI_TEMPLATE_NAME_UNIQUE)) {
        throw ValidationProblemError.of(
          'name',
          `A UI template named ${quoteInput(body.name ?? '')} already exists.`,
          'UI_TEMPLATE.NAME_TAKEN',
        );
      }
      if (isUniqueViolation(error, SENDER_IDENTIFIER_UNIQUE))
        throw senderTaken(error, body.senderIdentifiers ?? []);
      throw error;
    }
  }
}

function assignFields(template: UiTemplateEntity, body: UiTemplateFieldsDto): void {
  template.displayName = body.displayName;
  template.description = body.description ?? null;
  template.svgCssFilter = body.svgCssFilter ?? null;
  template.colorPalette = colorPaletteOf(body.colorPalette);
  template.headerLogo = logoOf(body.headerLogo);
  template.footerLogo = logoOf(body.footerLogo);
  template.links = body.links?.map(linkOf) ?? null;
  template.socialNetworks = body.socialNetworks?.map(socialNetworkOf) ?? null;
  template.senderIdentifiers = [...(body.senderIdentifiers ?? [])];
}

/** The 404 of a name no template has, suggesting the stored name nearest to it. */
async function notFound(queryable: DataSource | EntityManager, name: string): Promise<NotFoundError> {
  const nearest = nearestName(name, await storedNamesNear(queryable, UiTemplateEntity, 'name', name));
  const unknown = `No UI template is named ${quoteInput(name)}`;
  return new NotFoundError(
    nearest === undefined ? `${unknown}.` : `${unknown}; did you mean ${quoteInput(nearest)}?`,
    'UI_TEMPLATE.NOT_FOUND',
  );
}

/** Names the offending entry: PostgreSQL reports `Key (value)=(x) already exists.` */
function senderTaken(error: QueryFailedError, sent: readonly string[]): ValidationProblemError {
  const detail = String((error.driverError as { detail?: string }).detail ?? '');
  const value = /\(value\)=\((.*)\) already exists/s.exec(detail)?.[1];
  const index = value === undefined ? -1 : sent.indexOf(value);
  const path = index >= 0 ? `senderIdentifiers[${index}]` : 'senderIdentifiers';
  const message =
    value === undefined
      ? 'A sender identifier already belongs to another UI template.'
      : `The sender identifier ${quoteInput(value)} already belongs to another UI template.`;
  return ValidationProblemError.of(path, message, 'UI_TEMPLATE.SENDER_IDENTIFIER_TAKEN');
}
