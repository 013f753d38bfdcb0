import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

import { DEFAULT_OUTPUT_LIMITS } from './engine/common/output-budget';
import { budgetProblem, mebibytesOf, type RenderMemoryBudget } from './pool/memory-budget';

// The deployed settings against the budget: here, beside render-environment, since it reads both the
// pool's budget and the renderer's output limits.
describe('deploy/base/render-service/runtime.env', () => {
  const folder = path.join(__dirname, '..', '..', '..', 'deploy', 'base', 'render-service');
  const budget = parseEnv(readFileSync(path.join(folder, 'runtime.env'), 'utf8'));
  // The ConfigMap may set the largest document (twice in a worker's memory while pdfkit joins it).
  const pdfBytes = /^\s*RENDER_MAX_PDF_BYTES: '(\d+)'/m.exec(
    readFileSync(path.join(folder, 'configmap.yaml'), 'utf8'),
  );

  it("fits the container's limit: every worker at its worst and the main thread within 80 %", () => {
    const env = { ...process.env, NODE_OPTIONS: budget['NODE_OPTIONS'] };
    const mainHeapMib = Number(
      execFileSync(
        process.execPath,
        ['-p', 'require("node:v8").getHeapStatistics().heap_size_limit / 1048576'],
        {
          encoding: 'utf8',
          env,
        },
      ),
    );
    const deployed: RenderMemoryBudget = {
      mainHeapMib: Math.round(mainHeapMib),
      workers: Number(budget['RENDER_WORKERS']),
      workerHeapMib: Number(budget['RENDER_WORKER_HEAP_MB']),
      workerYoungGenerationMib: Number(budget['RENDER_WORKER_YOUNG_GENERATION_MB']),
      pdfBytes: pdfBytes ? Number(pdfBytes[1]) : DEFAULT_OUTPUT_LIMITS.pdfBytes,
    };
    expect(budgetProblem(deployed, mebibytesOf(budget['MEMORY_LIMIT'] ?? '') ?? 0)).toBeUndefined();
  });
});
