import type { Page, TestInfo } from '@playwright/test';

/** The two widths every screen is looked at. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/** Switches the theme as the shell does (its stored choice and `<html data-theme>`), without a reload. */
export async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((mode) => {
    localStorage.setItem('persist:theme', mode);
    document.documentElement.dataset['theme'] = mode;
  }, theme);
}

/**
 * What is on screen at phone and desktop width in both themes, into the test's (ignored) results folder. CI takes
 * no pictures (nobody looks at them there, and each costs a software-rendered PNG): set `E2E_SCREENSHOTS=1` to
 * take them anyway. The page ends as after the pictures, dark theme at desktop width, either way.
 */
export async function shoot(page: Page, testInfo: TestInfo, name: string) {
  if (process.env['CI'] && !process.env['E2E_SCREENSHOTS']) {
    await setTheme(page, 'dark');
    await page.setViewportSize(VIEWPORTS.desktop);
    return;
  }
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150);
      const file = testInfo.outputPath(`${name}-${size}-${theme}.png`);
      await page.screenshot({ path: file });
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}
