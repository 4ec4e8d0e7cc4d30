import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP } from './tests/e2e/support/browser'

// The browser tests (tests/e2e): Debian's Chromium against the built app and a real server per worker.
// Two workers on two cores: much of a browser test is waiting (on the server, on mail, on realtime), and two
// took the suite from 236 s to 184 s on an Intel Xeon, even with other work loading the machine. Files stay
// whole on one worker, each worker with its own server and database, so no test sees another's data.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.test.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  outputDir: 'test-results/playwright',
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: DESKTOP,
    locale: 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    // A failed test keeps its trace (actions, DOM snapshots, network, console); the screencast's frames are
    // left out: recording them cost every passing test too (the suite took 180 s with them, 151 s without).
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
})
