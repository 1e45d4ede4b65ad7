import type { Locator, Page, TestInfo } from '@playwright/test';

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

/** The two widths and a tablet between them (the shell's drawer, no desktop rail). */
export const VIEWPORTS_WITH_TABLET = {
  phone: VIEWPORTS.phone,
  tablet: { width: 800, height: 1000 },
  desktop: VIEWPORTS.desktop,
} as const;

/** One screen of a layout test: a width and a theme. */
export interface Layout {
  size: string;
  viewport: { width: number; height: number };
  theme: 'dark' | 'light';
}

/** Every width of `viewports` in both themes, in the layout tests' order (by width, dark before light). */
export function layouts(viewports: Record<string, { width: number; height: number }> = VIEWPORTS): Layout[] {
  return Object.entries(viewports).flatMap(([size, viewport]) =>
    (['dark', 'light'] as const).map((theme) => ({ size, viewport, theme })),
  );
}

/** Opens the page at the layout's width, its documents in the layout's theme (stored before any script runs). */
export async function openInLayout(page: Page, { viewport, theme }: Layout) {
  await page.addInitScript((mode) => localStorage.setItem('persist:theme', mode), theme);
  await page.setViewportSize(viewport);
}

/** Takes a picture of the page as `<name>.png` into the results folder and attaches it to the report. */
export async function attachShot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: { fullPage?: boolean } = {},
) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, ...options });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Waits until the images in the first screenful are decoded, so a picture shows them. */
export async function decodeVisibleImages(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images)
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
        .map((image) => image.decode().catch(() => undefined)),
    ),
  );
}

/** Whether every image under `images` has loaded (poll it before a picture: lazy ones elsewhere may never load). */
export function imagesComplete(images: Locator): Promise<boolean> {
  return images.evaluateAll((list) => list.every((image) => (image as HTMLImageElement).complete));
}
