import { afterEach, beforeEach, inject } from 'vitest';
import { failureReport, startTestRecord } from './failure-report.ts';

// Setup file of the browser tests: a failed test prints what the browser and the shop saw.
beforeEach(() => startTestRecord());
afterEach(({ task }) => {
  if (task.result?.state === 'fail') console.error(`\n--- ${task.name}\n${failureReport(inject('dataDir'))}\n`);
});
