// The console's requests that bench:api (100k users) and bench:admin --scale (a million) both time, in one place so
// the two tables compare the same requests.

/** Lookups an operator makes: part of an email or a name, matching a few rows to about 1% of users. */
export const SEARCHES = [
  'bulk-4217',
  'diaz 12',
  'ava archer',
  'hughes 77',
  'bulk-99',
  'grace cohen 1',
  'jonas evans 3',
];

/** The paths of each timed request; `i` cycles through the searches. */
export const CONSOLE_PATHS = {
  usersPage: () => '/api/admin/users?page=1&perPage=25&sort=createdAt&order=DESC',
  usersSearched: (i: number) =>
    `/api/admin/users?page=1&perPage=25&search=${encodeURIComponent(SEARCHES[i % SEARCHES.length])}`,
  usersByTokens: () => '/api/admin/users?page=1&perPage=25&sort=tokens30d&order=DESC',
  suspiciousPage: () => '/api/admin/users/suspicious?page=1&perPage=25',
  costSummary: () => '/api/admin/cost-analysis/summary',
  overview: () => '/api/admin/overview',
};
