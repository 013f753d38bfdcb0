import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';

import { Page } from './page';
import { paginationHeaders } from './pagination-headers';

/** Writes the pagination headers of a returned Page and sends its items as the body. */
@Injectable()
export class PaginationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (!(result instanceof Page)) return result;
        const page = result as Page<unknown>;
        const http = context.switchToHttp();
        const request = http.getRequest<FastifyRequest>();
        void http.getResponse<FastifyReply>().headers(paginationHeaders(page, request.url));
        return page.items;
      }),
    );
  }
}
