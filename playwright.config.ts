import { defineConfig, devices } from '@playwright/test';

// The app runs on its own temporary database and an ephemeral port. The port is
// chosen once in the runner's process; workers inherit it through the environment.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 30_000));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

// Playwright cannot download its browsers here: use the system Chromium when present.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-gl=swiftshader',
        '--enable-unsafe-swiftshader',
      ],
    },
    geolocation: { latitude: 48.8584, longitude: 2.2945 },
    permissions: ['geolocation'],
    // The app's service worker (PWA) would answer some requests before page.route sees them; the
    // Hunter Terminal's installability test opts back in with its own context.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, userAgent: devices['Pixel 7'].userAgent },
    },
  ],
  webServer: {
    command: 'npx tsx e2e/support/start-server.ts',
    url: `${baseURL}/api/config`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
