import { SearchInput, SelectInput } from 'react-admin';

const PLANS = [
  { id: 'free', name: 'free' },
  { id: 'premium', name: 'premium' },
];
/** The categories of the abuse rules' reasons (the text before the first colon). */
const REASON_CATEGORIES = ['Cost', 'Tokens', 'Storage', 'Plan limit'].map((c) => ({ id: c, name: c }));

const common = (statusSource: string, statusChoices: { id: string; name: string }[], statusLabel: string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search email or name" />,
  <SelectInput
    key="plan"
    source="plan"
    label="Plan"
    emptyText="All"
    alwaysOn
    sx={{ minWidth: 130 }}
    choices={PLANS}
  />,
  <SelectInput
    key="status"
    source={statusSource}
    label={statusLabel}
    emptyText="All"
    alwaysOn
    sx={{ minWidth: 170 }}
    choices={statusChoices}
  />,
  <SelectInput
    key="reason"
    source="reason"
    label="Reason category"
    emptyText="All"
    alwaysOn
    sx={{ minWidth: 170 }}
    choices={REASON_CATEGORIES}
  />,
];

/** Flagged users: plan, subscription status, reason category and a search. */
export const flaggedFilters = common(
  'subscriptionStatus',
  ['trialing', 'active', 'past_due', 'canceled'].map((s) => ({ id: s, name: s })),
  'Subscription status',
);

/** Suspicious users: plan, flagged or only suspicious, reason category and a search. */
export const suspiciousFilters = common(
  'status',
  [
    { id: 'flagged', name: 'Flagged' },
    { id: 'suspicious', name: 'Suspicious' },
  ],
  'Status',
);
