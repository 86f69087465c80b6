import type { Page } from 'playwright-core';

/** Records the text of every toast the page shows from now on (a toast may close before the test looks). */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { shownToasts: string[] }).shownToasts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.mantine-Notification-description')) {
        const text = el.textContent ?? '';
        if (!el.hasAttribute('data-recorded')) {
          el.setAttribute('data-recorded', '');
          seen.push(text);
        }
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { shownToasts: string[] }).shownToasts]);
}
