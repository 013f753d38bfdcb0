import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { ProblemRenderer } from './problem-renderer';

/** The one global filter: every error leaves the service as application/problem+json. */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  constructor(private readonly renderer: ProblemRenderer) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.renderer.send(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }
}
