import { Readable } from 'node:stream';

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ZipFile } from 'yazl';

import { ConflictError } from '@portal/problem-details';

import { CONTENT_TYPES } from '../engine/common/formats';
import { mergePdfs } from './pdf-merge';
import type { RenderJobEntity } from './render-job.entity';

/** Item documents read from the database per statement, in their order, while the result streams. */
const OUTPUTS_PER_READ = 16;

/** A client polling an unfinished job is asked to come back after this long. */
const UNFINISHED_RETRY_AFTER_SECONDS = 5;

export interface JobResultStream {
  readonly body: Readable;
  readonly contentType: string;
  readonly fileName: string;
  /** Strong: a finished job's result never changes. */
  readonly etag: string;
}

/**
 * A finished job's result, streamed as it is read (contract 10): `zip`, one stored (uncompressed:
 * documents are compressed already) entry per rendered item named by its file name, and
 * `problems.json` when items failed; or `merged`, the rendered items' PDFs as one (pdf-merge.ts).
 * The documents are read a few at a time in their order, so that neither the database nor the
 * service holds a whole result, and no connection is held for the download's length.
 */
@Injectable()
export class JobResults {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The result's ETag, for If-None-Match before anything is read. */
  static etagOf(job: RenderJobEntity): string {
    return `"${job.id}-${job.result}-${job.finishedAt?.getTime() ?? 0}"`;
  }

  /** A 409 unless the job has a result to give (finished with at least one item rendered). */
  static checkHasResult(job: RenderJobEntity): void {
    if (job.state === 'queued' || job.state === 'running')
      throw new ConflictError(
        `The render job has not finished (${job.done + job.failed} of ${job.total} items so far); its result is not ready.`,
        'RENDER_JOB.NOT_FINISHED',
        UNFINISHED_RETRY_AFTER_SECONDS,
      );
    if (job.resultDeleted)
      throw new ConflictError(
        `The render job's result was deleted${job.state === 'cancelled' ? ' when it was cancelled' : ''}.`,
        'RENDER_JOB.RESULT_DELETED',
      );
    if (job.state !== 'succeeded')
      throw new ConflictError(
        `The render job ${job.state === 'failed' ? 'failed: no item was rendered' : `is ${job.state}`}; it has no result.`,
        'RENDER_JOB.NO_RESULT',
      );
  }

  async streamOf(job: RenderJobEntity): Promise<JobResultStream> {
    JobResults.checkHasResult(job);
    const etag = JobResults.etagOf(job);
    const name = `render-job-${job.id}`;
    if (job.result === 'merged')
      return {
        body: Readable.from(mergePdfs(this.outputs(job.id), { title: name })),
        contentType: CONTENT_TYPES.pdf,
        fileName: `${name}.pdf`,
        etag,
      };
    return { body: await this.zipOf(job), contentType: 'application/zip', fileName: `${name}.zip`, etag };
  }

  /**
   * The zip, chunked: yazl 3.3 miscounts the size it announces once the central directory passes
   * 64 KiB (some 1,500 entries), so no Content-Length is given for it.
   */
  private async zipOf(job: RenderJobEntity): Promise<Readable> {
    const entries = await this.dataSource.query<Array<{ fileName: string; size: number }>>(
      `SELECT file_name AS "fileName", output_size AS size FROM render_job_item
       WHERE job_id = $1 AND state = 'done' ORDER BY index`,
      [job.id],
    );
    const zip = new ZipFile();
    const mtime = job.finishedAt ?? job.createdAt;
    const outputs = this.outputs(job.id)[Symbol.asyncIterator]();
    // yazl asks for each entry's bytes in the order the entries were added: the items' order.
    for (const entry of entries)
      zip.addReadStreamLazy(entry.fileName, { compress: false, size: entry.size, mtime }, (give) => {
        outputs.next().then(
          (next) => give(null, Readable.from(next.done ? [] : [next.value])),
          (error: unknown) => give(error, Readable.from([])),
        );
      });
    if (job.failed > 0) {
      const problems = await this.dataSource.query<Array<Record<string, unknown>>>(
        `SELECT index, file_name AS "fileName", problem FROM render_job_item
         WHERE job_id = $1 AND state = 'failed' ORDER BY index`,
        [job.id],
      );
      zip.addBuffer(Buffer.from(JSON.stringify(problems, null, 2)), 'problems.json', {
        compress: false,
        mtime,
      });
    }
    zip.end();
    return zip.outputStream as Readable;
  }

  /** The rendered items' documents in their order, a few read at a time. */
  private async *outputs(jobId: string): AsyncGenerator<Uint8Array> {
    let after = -1;
    for (;;) {
      const rows = await this.dataSource.query<Array<{ index: number; output: Buffer }>>(
        `SELECT index, output FROM render_job_item
         WHERE job_id = $1 AND state = 'done' AND index > $2 ORDER BY index LIMIT $3`,
        [jobId, after, OUTPUTS_PER_READ],
      );
      for (const row of rows) yield row.output;
      if (rows.length < OUTPUTS_PER_READ) return;
      after = rows[rows.length - 1].index;
    }
  }
}
