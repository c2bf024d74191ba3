// Steps the browser tests share: signing in, opening a screen from the side navigation, and a click
// that first checks nothing is drawn over its target. Every step is the mouse's (or the keyboard's on
// a text field), as the person under test would do it.
import assert from 'node:assert/strict';

export const WAIT = { timeout: 30_000 };
export const NAV = '主导航';

/** Signs in on the login page, the screen language set to `lang` ('cn' or 'en') first. */
export async function signIn(page, baseUrl, username, password, lang = 'cn') {
  await page.addInitScript((l) => localStorage.setItem('LANGUAGE', l), lang);
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel(/用户名|Username/).fill(username);
  await page.getByLabel(/^(密码|Password)/).fill(password);
  await page.getByRole('button', { name: /^(登录|Log in)$/ }).click();
  await page.waitForURL(/#\/main/, WAIT);
}

/** Opens a screen from the side navigation with the mouse: its directory, then the entry. */
export async function openScreen(page, dir, entry, url, navName = NAV) {
  const nav = page.getByRole('navigation', { name: navName });
  const link = nav.getByText(entry, { exact: true });
  if (!(await link.isVisible())) {
    await nav.getByText(dir, { exact: true }).click();
    await link.waitFor({ state: 'visible', ...WAIT });
  }
  await link.click();
  // A click that lands while the directory is still opening can miss on a loaded machine: once more.
  if (!(await page.waitForURL(url, { timeout: 10_000 }).then(() => true, () => false))) {
    await link.click();
    await page.waitForURL(url, WAIT);
  }
}

/** Clicks the element's centre after checking that it, not a layer above it, is what is there. */
export async function topmostClick(page, locator) {
  await locator.waitFor({ state: 'visible', ...WAIT });
  // Scrolled into view as a person scrolls to it (a long dialog body); what covers it then is a fault.
  await locator.scrollIntoViewIfNeeded();
  const top = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
  assert.ok(top, `${await locator.evaluate((el) => el.outerHTML.slice(0, 120))} is covered by another layer`);
  await locator.click();
}

/**
 * Resolves once every counting number on the page (a wall's NumberCounter: data-value holds the number
 * it counts to) shows that number: the count-up has ended, the figures on screen are the final ones.
 */
export async function countersDone(page) {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('span[data-value]')].every((el) => {
        const target = el.getAttribute('data-value');
        if (target === '') return true;
        const text = (el.textContent ?? '').replace(/,/g, '');
        const decimals = (text.split('.')[1] ?? '').length;
        return Math.abs(Number(text) - Number(target)) <= 0.5 * 10 ** -decimals + 1e-9;
      }),
    undefined,
    WAIT,
  );
}

/**
 * A browser context signed in with `token` (kept in the tab's session, as the sign-in page leaves it)
 * in `lang` unless the page already chose one, at `viewport`; and its page.
 */
export async function pageAs(browser, token, lang, viewport = { width: 1920, height: 1080 }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([l, t]) => {
      if (localStorage.getItem('LANGUAGE') === null) localStorage.setItem('LANGUAGE', l);
      if (!sessionStorage.getItem('TOKEN')) sessionStorage.setItem('TOKEN', t);
    },
    [lang, token],
  );
  return { context, page: await context.newPage() };
}

/** A project wall up (its panels, not the server's first frame) and listening for alarms. */
export async function wallReady(page, timeout = 120_000) {
  await page.waitForFunction(
    () => document.querySelectorAll('[data-panel]').length > 0 && !document.getElementById('wall-frame') && document.querySelector('[data-testid="alarm-watch"]')?.getAttribute('data-state') === 'ready',
    undefined,
    { timeout },
  );
}

/**
 * Opens a list screen's Add dialog and picks a project in its project picker, which searches the
 * server: types the name, waits for its one option, clicks it. Answers the dialog.
 */
export async function addWithProject(page, panel, { add, project }, name) {
  await panel.locator('table').first().waitFor(WAIT);
  await panel.getByRole('button', { name: add, exact: true }).first().click();
  const dialog = page.locator('[role="dialog"][aria-modal]').last();
  await dialog.waitFor(WAIT);
  await pickProject(page, dialog, project, name);
  return dialog;
}

/** Picks `name` in a project picker labelled `label` inside `scope`: types it, waits for its one option, clicks it. */
export async function pickProject(page, scope, label, name) {
  const picker = scope.getByLabel(label, { exact: true }).and(scope.locator('input:not([type="hidden"])'));
  await picker.click();
  await picker.fill(name);
  await page.waitForFunction(
    (n) => {
      const shown = [...document.querySelectorAll('[role="listbox"] [role="option"]')].filter((o) => o.getClientRects().length > 0);
      return shown.length === 1 && shown[0].textContent.includes(n);
    },
    name,
    WAIT,
  );
  await page.locator('[role="listbox"] [role="option"]').filter({ visible: true }).first().click();
}
