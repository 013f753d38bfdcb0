import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';

import { Page } from './page';
import { paginationHeaders } from './pagination-headers';
import { StreamedPage } from './streamed-page';

/**
 * Writes the pagination headers of a returned Page and sends its items as the body; a StreamedPage
 * is sent as a JSON array written while its batches are read.
 */
@Injectable()
export class PaginationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (!(result instanceof Page) && !(result instanceof StreamedPage)) return result;
        const page = result as Page<unknown> | StreamedPage<unknown>;
        const http = context.switchToHttp();
        const request = http.getRequest<FastifyRequest>();
        const reply = http.getResponse<FastifyReply>();
        void reply.headers(paginationHeaders(page, request.url));
        if (page instanceof Page) return page.items;
        void reply.header('content-type', 'application/json; charset=utf-8');
        return page.toJsonStream();
      }),
    );
  }
}
