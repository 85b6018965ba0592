import type { Identifier } from 'react-admin';
import type {
  AbuseHistory,
  AbuseStats,
  AdminOverview,
  AiConfig,
  CostSummary,
  CouponStats,
  ProviderCatalogue,
  RoleChangeAnswer,
  RoleChoice,
  SuspiciousStatistics,
} from '../../src/contract/admin';
import { ADMIN_TEXT } from './adminMessages';
import { withText } from './adminError';
import type { HttpClient } from './httpClient';

type Message = { message?: string };
/** What the abuse check answers: started, or refused because one is already running. */
export type AbuseCheckAnswer = { message?: string; started?: boolean };

/** Bodies may come bare or wrapped in one named field ({stats}, {overview}, {summary}). */
function unwrap<T>(body: unknown, key: string): T {
  const inner = (body as Record<string, unknown> | null)?.[key];
  return (inner && typeof inner === 'object' ? inner : body) as T;
}

/** The history body is named 'history', as are its flag events: the user's record is the one with an email. */
function unwrapHistory(body: unknown): AbuseHistory {
  const inner = (body as { history?: unknown } | null)?.history;
  return (inner && typeof inner === 'object' && 'email' in inner ? inner : body) as AbuseHistory;
}

/** The console's named calls: the actions and figures that are not a list's standard methods. */
export function customMethods(httpClient: HttpClient, apiUrl: string) {
  const user = (id: Identifier) => `${apiUrl}/users/${encodeURIComponent(String(id))}`;
  const json = async <T>(text: string, url: string, init?: RequestInit): Promise<T> =>
    withText(text, async () => (await httpClient(url, init)).json as T);
  const send = (body?: unknown, method = 'POST'): RequestInit => ({
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

  return {
    flag: (id: Identifier, reason: string) =>
      json<Message>(ADMIN_TEXT.flag, `${user(id)}/flag`, send({ reason })),
    unflag: (id: Identifier) => json<Message>(ADMIN_TEXT.unflag, `${user(id)}/unflag`, send()),
    revokeSessions: (id: Identifier) =>
      json<{ message: string; revoked: number }>(
        ADMIN_TEXT.revokeSessions,
        `${user(id)}/revoke-sessions`,
        send(),
      ),
    /** Make the user an operator ('admin'), or remove their admin rights ('user'). */
    setRole: (id: Identifier, role: RoleChoice) =>
      json<RoleChangeAnswer>(ADMIN_TEXT.changeRole, `${user(id)}/role`, send({ role }, 'PATCH')),
    markSafe: (id: Identifier) =>
      json<Message>(ADMIN_TEXT.markSafe, `${user(id)}/mark-safe`, send(undefined, 'PATCH')),
    runAbuseCheck: () => json<AbuseCheckAnswer>(ADMIN_TEXT.abuseCheck, `${apiUrl}/abuse/check`, send()),
    abuseHistory: async (id: Identifier) =>
      unwrapHistory(await json(ADMIN_TEXT.loadUserDetails, `${user(id)}/abuse-history`)),
    abuseStats: async () =>
      unwrap<AbuseStats>(await json(ADMIN_TEXT.loadFlagged, `${apiUrl}/abuse/stats`), 'stats'),
    couponStats: async () =>
      unwrap<CouponStats>(await json(ADMIN_TEXT.loadCouponStats, `${apiUrl}/coupons/stats`), 'stats'),
    overview: async () =>
      unwrap<AdminOverview>(await json(ADMIN_TEXT.loadOverview, `${apiUrl}/overview`), 'overview'),
    costSummary: async () =>
      unwrap<CostSummary>(
        await json(ADMIN_TEXT.loadSuspicious, `${apiUrl}/cost-analysis/summary`),
        'summary',
      ),
    /** The suspicious list's statistics: the spec's own call, one row long. */
    suspiciousStatistics: async () =>
      (
        await json<{ statistics?: SuspiciousStatistics }>(
          ADMIN_TEXT.loadSuspicious,
          `${apiUrl}/users/suspicious?page=1&perPage=1`,
        )
      )?.statistics,
    aiProviders: () => json<ProviderCatalogue>(ADMIN_TEXT.loadProviders, `${apiUrl}/ai-config/providers`),
    aiConfigs: async () =>
      (await json<{ configs?: AiConfig[] }>(ADMIN_TEXT.loadAiConfig, `${apiUrl}/ai-config`))?.configs ?? [],
    updateAiConfig: async (taskType: string, provider: string, model: string | null) =>
      (
        await json<{ config?: Partial<AiConfig> }>(
          ADMIN_TEXT.updateAiConfig,
          `${apiUrl}/ai-config`,
          send({ taskType, provider, model: model || null }, 'PATCH'),
        )
      )?.config ?? {},
    resetAiConfig: async () => {
      const body = await json<{ configs?: AiConfig[]; message?: string }>(
        ADMIN_TEXT.resetAiConfig,
        `${apiUrl}/ai-config/reset`,
        send(),
      );
      return { configs: body?.configs ?? [], message: body?.message ?? '' };
    },
  };
}

export type CustomMethods = ReturnType<typeof customMethods>;
