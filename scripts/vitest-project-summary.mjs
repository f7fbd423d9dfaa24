// A Vitest reporter for scripts/test.mjs: writes test counts per project to the file named by
// VITEST_PROJECT_SUMMARY, so the test command can add them up and prove that each project ran,
// and the slowest files, which is where CI's time goes.
import { writeFileSync } from "node:fs";

export default class ProjectSummaryReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.VITEST_PROJECT_SUMMARY;
    if (!file) return;
    const projects = {};
    const durations = [];
    for (const testModule of testModules) {
      durations.push({
        file: `${testModule.project.name || "default"}: ${testModule.relativeModuleId}`,
        seconds: Math.round(testModule.diagnostic().duration / 100) / 10,
      });
      const name = testModule.project.name || "default";
      const counts = (projects[name] ??= { files: 0, passed: 0, failed: 0, skipped: 0 });
      counts.files += 1;
      let failedTests = 0;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed += 1;
        else if (state === "failed") failedTests += 1;
        else counts.skipped += 1;
      }
      // A file that failed outside any test (import error, failing hook) counts as one failure.
      if (failedTests === 0 && testModule.state() === "failed") failedTests = 1;
      counts.failed += failedTests;
    }
    const slowest = durations.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
    writeFileSync(
      file,
      JSON.stringify({ projects, unhandledErrors: unhandledErrors.length, slowest }),
    );
  }
}
