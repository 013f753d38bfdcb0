import { applyDecorators, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, type ApiOperationOptions, ApiTags } from '@nestjs/swagger';

import { ApiProblemResponses } from '@portal/problem-details';

/*
 * OpenAPI shapes the controllers of several services share, for their `<stem>.openapi.ts`: each
 * operation's composite decorator states its words and examples, these the parts that recur.
 */

/** A controller's tag, and the 401 and 403 every one of its operations can give (each needs a token). */
export const ResourceDocs = (tag: string): ClassDecorator =>
  applyDecorators(ApiTags(tag), ApiProblemResponses(401, 403));

/** A read of one record named by the path: 200 with `type`; 400 on the path parameter, 404. */
export const ReadDocs = (
  words: ApiOperationOptions,
  type: Type,
  ...params: MethodDecorator[]
): MethodDecorator =>
  applyDecorators(ApiOperation(words), ...params, ApiOkResponse({ type }), ApiProblemResponses(400, 404));
