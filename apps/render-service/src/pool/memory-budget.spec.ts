import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

import { DEFAULT_OUTPUT_LIMITS } from '../rendering/output-budget';
import { budgetProblem, mebibytesOf, type RenderMemoryBudget, worstCaseMib } from './memory-budget';

const BUDGET: RenderMemoryBudget = {
  mainHeapMib: 200,
  workers: 3,
  workerHeapMib: 176,
  workerYoungGenerationMib: 16,
  pdfBytes: 16 * 1024 * 1024,
};

describe(worstCaseMib.name, () => {
  it('counts the main thread and every worker at its worst', () => {
    // 200 + 120, and 3 x (176 + 24 + 60 + 32)
    expect(worstCaseMib(BUDGET)).toBe(1196);
    expect(worstCaseMib({ ...BUDGET, workers: 4 })).toBe(1196 + 292);
  });
});

describe(mebibytesOf.name, () => {
  it.each([
    ['1536Mi', 1536],
    ['1.5Gi', 1536],
    ['512Mi', 512],
    ['1048576', 1],
    ['1024Ki', 1],
  ])('reads %s as %d MiB', (quantity, mib) => expect(mebibytesOf(quantity)).toBe(mib));

  it.each(['', 'lots', '1.5 Gi', '-1Gi', '1Ti'])('refuses %j', (quantity) =>
    expect(mebibytesOf(quantity)).toBeUndefined(),
  );
});

describe(budgetProblem.name, () => {
  it('passes a budget within 80 % of the limit, and says what to change of one past it', () => {
    expect(budgetProblem(BUDGET, 1536)).toBeUndefined();
    expect(budgetProblem(BUDGET, 1024)).toMatch(
      /^render-service may take 1196 MiB at its worst .* more than 80 % of MEMORY_LIMIT \(819 of 1024 MiB\)/,
    );
  });
});

describe('deploy/base/render-service/runtime.env', () => {
  const folder = path.join(__dirname, '..', '..', '..', '..', 'deploy', 'base', 'render-service');
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
