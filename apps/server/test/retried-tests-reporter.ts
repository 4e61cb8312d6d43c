import type { Reporter, TestCase } from 'vitest/node';

/**
 * The server suites retry a failed test once (vitest.pglite.config.ts): a test that passes only on
 * its retry still passes the run, so this reporter names each one at the end of the run, where a
 * failure that comes back every time would otherwise go unseen.
 */
export default class RetriedTestsReporter implements Reporter {
  readonly #retried: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (!testCase.diagnostic()?.flaky) return;
    this.#retried.push(`${testCase.project.name} ${testCase.module.relativeModuleId} > ${testCase.fullName}`);
  }

  onTestRunEnd(): void {
    if (this.#retried.length === 0) return;
    const lines = this.#retried.map((name) => `  ${name}`);
    process.stdout.write(`\nPassed only on a retry (${this.#retried.length}):\n${lines.join('\n')}\n`);
  }
}
