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
