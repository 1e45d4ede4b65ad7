import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3410';
const shots = JSON.parse(process.argv[2]);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
for (const s of shots) {
  const context = await browser.newContext({
    viewport: { width: s.w, height: s.h ?? 800 },
    locale: s.locale ?? 'en-US',
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') console.log('console:', m.text());
  });
  if (s.theme) await page.addInitScript((t) => localStorage.setItem('persist:theme', t), s.theme);
  await page.goto(base + s.path);
  await page.waitForTimeout(s.wait ?? 1500);
  if (s.click) {
    for (const c of s.click) {
      await page.locator(c).first().click();
      await page.waitForTimeout(400);
    }
  }
  if (s.hover) {
    await page.locator(s.hover).first().hover();
    await page.waitForTimeout(400);
  }
  await page.screenshot({ path: `/tmp/chrome-shots/${s.name}.png`, fullPage: false });
  console.log('shot', s.name, page.url());
  await context.close();
}
await browser.close();
