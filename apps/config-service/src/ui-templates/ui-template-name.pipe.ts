import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import type { ApiParamOptions } from '@nestjs/swagger';

import { ValidationProblemError } from '@portal/problem-details';

import { uiTemplateNameProblem } from './ui-template-rules';

/** The `{uiTemplateName}` path parameter as the OpenAPI document describes it. */
export const UI_TEMPLATE_NAME_PARAMETER: ApiParamOptions = {
  name: 'uiTemplateName',
  description:
    "The template's name, URL-encoded (`encodeURIComponent`): `Kanton%20Z%C3%BCrich` for `Kanton Zürich`, " +
    '`a%2Fb` for `a/b`. Names are case-sensitive.',
  example: 'Kanton Musterberg',
};

/**
 * The name in a path obeys the rule of a name in a body: a name no template could have (a control
 * character, over 100 characters, `.`) is a 400 on the parameter rather than a database error.
 */
@Injectable()
export class UiTemplateNamePipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    const problem = uiTemplateNameProblem(value);
    if (problem) {
      const parameter = metadata.data ?? 'uiTemplateName';
      throw ValidationProblemError.of(parameter, `${parameter} ${problem}`);
    }
    return value;
  }
}
