// Lighthouse on every console page, signed in as the demo operator: the desktop preset (1350 px, the target) beside
// the mobile one (information only, docs/PERFORMANCE.md), in the light theme with performance, then accessibility
// alone in the dark theme. One Chromium serves every run; each run starts from the same stored session.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/localServer';
import { CONSOLE_SECTIONS } from '../fixtures/consoleSections';
import { LIGHTHOUSE_RUN, printMarkdownTable } from './figures';

export const CONSOLE_TARGETS = { performance: 0.95, accessibility: 1, tbtMs: 100 };

type Preset = 'desktop' | 'mobile';
type Theme = 'light' | 'dark';
export interface PageScores {
  path: string;
  performance: Record<Preset, number>;
  tbtMs: Record<Preset, number>;
  accessibility: Record<`${Preset} ${Theme}`, number>;
}

/** Every console page: the sections, the first user's details and a support message sent for the purpose. */
export async function consolePages(base: string, token: string): Promise<string[]> {
  const form = new FormData();
  form.set('name', 'Ada Reader');
  form.set('email', 'ada.reader@example.com');
  form.set('message', 'My saved posts no longer show in the library since yesterday.');
  form.set('type', 'support');
  await fetch(`${base}/api/contact`, { method: 'POST', body: form });
  const first = async (resource: string) => {
    const res = await fetch(`${base}/api/admin/${resource}?perPage=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as unknown;
    const list = (Array.isArray(body) ? body : Object.values(body as object).find(Array.isArray)) as {
      id?: string;
      _id?: string;
    }[];
    return list[0]?.id ?? list[0]?._id;
  };
  return [
    ...CONSOLE_SECTIONS,
    `/admin/users/${await first('users')}/show`,
    `/admin/messages/${await first('messages')}/show`,
  ];
}

/** The key under which react-admin keeps this operator's theme (the console's store is per operator). */
async function themeKey(base: string, token: string): Promise<string> {
  const me = (await (
    await fetch(`${base}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { _id?: string; user?: { _id: string } };
  return `RaStore-pk-admin-${me.user?._id ?? me._id}.theme`;
}

/** Runs Lighthouse over `paths` and prints one table: desktop and mobile side by side, per page. */
export async function lighthouseConsolePages(
  base: string,
  token: string,
  paths: string[],
): Promise<{ scores: PageScores[]; benchmarkIndex: number }> {
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const key = await themeKey(base, token);
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  const scores: PageScores[] = [];
  let benchmarkIndex = NaN;
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const session = async (theme: Theme) => {
      const page = await cdp.contexts()[0].newPage();
      await page.goto(new URL('/', base).href);
      await page.evaluate(
        ([t, k, v]) => {
          localStorage.setItem('authToken', t);
          localStorage.setItem(k, JSON.stringify(v));
        },
        [token, key, theme] as const,
      );
      await page.close();
    };
    const run = async (path: string, preset: Preset, theme: Theme) => {
      await session(theme);
      const categories = theme === 'light' ? ['performance', 'accessibility'] : ['accessibility'];
      const result = await lighthouse(
        base + path,
        {
          port: chrome.port,
          ...LIGHTHOUSE_RUN,
          formFactor: preset,
          onlyCategories: categories,
          disableStorageReset: true,
        },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      const lhr = result!.lhr;
      benchmarkIndex = lhr.environment.benchmarkIndex;
      for (const [id, audit] of Object.entries(lhr.audits))
        if (
          audit.score !== null &&
          audit.score < 1 &&
          lhr.categories.accessibility.auditRefs.some((r) => r.id === id && r.weight > 0)
        )
          console.log(`  accessibility audit failing on ${path} (${preset}, ${theme}): ${id}`);
      return {
        performance: lhr.categories.performance?.score ?? NaN,
        accessibility: lhr.categories.accessibility.score ?? 0,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      };
    };
    for (const path of paths) {
      const desktop = await run(path, 'desktop', 'light');
      const mobile = await run(path, 'mobile', 'light');
      const desktopDark = await run(path, 'desktop', 'dark');
      const mobileDark = await run(path, 'mobile', 'dark');
      scores.push({
        path,
        performance: { desktop: desktop.performance, mobile: mobile.performance },
        tbtMs: { desktop: desktop.tbtMs, mobile: mobile.tbtMs },
        accessibility: {
          'desktop light': desktop.accessibility,
          'mobile light': mobile.accessibility,
          'desktop dark': desktopDark.accessibility,
          'mobile dark': mobileDark.accessibility,
        },
      });
      console.log(`  ${path}: done`);
    }
    await cdp.close();
  } finally {
    chrome.kill();
  }
  const n = (x: number) => x.toFixed(2);
  printMarkdownTable(
    [
      'console page',
      'desktop perf',
      'desktop TBT ms',
      'desktop a11y light/dark',
      'mobile perf',
      'mobile TBT ms',
      'mobile a11y light/dark',
    ],
    scores.map((s) => [
      s.path.replace(/\/[0-9a-f-]{36}\//, '/:id/'),
      n(s.performance.desktop),
      String(Math.round(s.tbtMs.desktop)),
      `${n(s.accessibility['desktop light'])} / ${n(s.accessibility['desktop dark'])}`,
      n(s.performance.mobile),
      String(Math.round(s.tbtMs.mobile)),
      `${n(s.accessibility['mobile light'])} / ${n(s.accessibility['mobile dark'])}`,
    ]),
  );
  console.log(
    `Targets: desktop performance ≥ ${CONSOLE_TARGETS.performance}, desktop TBT ≤ ${CONSOLE_TARGETS.tbtMs} ms, accessibility ${CONSOLE_TARGETS.accessibility} in both presets and themes; mobile performance and TBT are information.`,
  );
  return { scores, benchmarkIndex };
}
