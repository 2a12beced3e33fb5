import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { screenshotsDir } from '../paths';

/** The two widths every page is looked at: a laptop and a phone. */
export const WIDTHS = [1280, 390] as const;

export function viewportFor(width: number) {
  return { width, height: width > 600 ? 800 : 844 };
}

export interface ScreenshotOptions {
  /**
   * The whole page (default) or only what the viewport shows (an open dialog or notice, which
   * belongs to the viewport rather than to the page).
   */
  fullPage?: boolean;
}

/**
 * Saves a screenshot as e2e/.artifacts/screenshots/<name>-<width>.png (kept as CI output).
 *
 * A whole page is taken by making the viewport as tall as the page rather than with Playwright's
 * fullPage option, which leaves fixed and sticky bars (the phone's bottom navigation, the app bar)
 * where the original viewport ended, in the middle of the picture.
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true }: ScreenshotOptions = {}): Promise<string> {
  mkdirSync(screenshotsDir, { recursive: true });
  const viewport = page.viewportSize() ?? viewportFor(WIDTHS[0]);
  const path = join(screenshotsDir, `${name}-${viewport.width}.png`);
  if (!fullPage) {
    await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
    return path;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (height > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height });
    // The capture shows whatever was last painted: wait for a frame laid out at the new size, or the
    // picture can end where the old viewport did.
    await afterNextPaint(page);
  }
  try {
    await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  } finally {
    if (height > viewport.height) await page.setViewportSize(viewport);
  }
  return path;
}

/** Screenshots at each width in turn, then puts the viewport back as it was. */
export async function saveScreenshotsAtWidths(page: Page, name: string, options?: ScreenshotOptions): Promise<void> {
  const before = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize(viewportFor(width));
    await saveScreenshot(page, name, options);
  }
  if (before) await page.setViewportSize(before);
}

/** Resolves once the page has painted a frame after this call (two animation frames: the next one is laid out, then painted). */
export async function afterNextPaint(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Screenshots at each width in the light and then the dark scheme (`<name>-dark-<width>.png`), then
 * back to light. The page follows the system's scheme while its own choice is "System" (the default).
 */
export async function saveScreenshotsInBothSchemes(page: Page, name: string, options?: ScreenshotOptions): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await saveScreenshotsAtWidths(page, scheme === 'dark' ? `${name}-dark` : name, options);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
