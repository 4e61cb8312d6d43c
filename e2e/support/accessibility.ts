import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * No serious or critical axe violation on the page, or within `include`. Colours are read as they
 * are drawn, so running transitions end first (endless animations are skipped): a phone menu still
 * sliding shut once lent its background to the page header's buttons.
 */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  await page.evaluate(
    `Promise.all(document.getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined)))`,
  );
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
