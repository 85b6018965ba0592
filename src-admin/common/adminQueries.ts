import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../providers/dataProvider';

/** The data provider with its named calls typed (flag, unflag, overview…). */
export const useAdminProvider = () => useDataProvider<AdminDataProvider>();

/**
 * Query keys of the named calls. Each starts with the resource it describes, so invalidating a resource
 * after a write (['coupons']) refreshes its figures along with its list; react-admin's refresh reloads all.
 */
export const ADMIN_KEYS = {
  couponStats: ['coupons', 'stats'],
  abuseStats: ['flagged', 'stats'],
  abuseHistory: (id: string) => ['flagged', 'history', id],
  suspiciousStatistics: ['suspicious', 'statistics'],
  costSummary: ['suspicious', 'costSummary'],
  overview: ['overview'],
  aiConfigs: ['ai-config', 'configs'],
  aiProviders: ['ai-config', 'providers'],
} as const;

type NamedCall = {
  [K in keyof AdminDataProvider]: AdminDataProvider[K] extends () => Promise<unknown> ? K : never;
}[keyof AdminDataProvider];

/** One argument-free named call through react-query: cached, deduplicated, reloaded by refresh. */
export function useAdminQuery<K extends NamedCall>(key: readonly unknown[], call: K, enabled = true) {
  const provider = useAdminProvider();
  type Answer = Awaited<ReturnType<AdminDataProvider[K]>>;
  return useQuery<Answer>({
    queryKey: key,
    queryFn: () => (provider[call] as () => Promise<Answer>)(),
    enabled,
  });
}

/** Marks every query of these resources stale (their lists and their figures), so what is on screen reloads. */
export function useInvalidate() {
  const client = useQueryClient();
  return (...resources: string[]) =>
    Promise.all(resources.map((r) => client.invalidateQueries({ queryKey: [r] })));
}
