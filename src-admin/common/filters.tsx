import { SearchInput, SelectInput } from 'react-admin';

export type Choice = { id: string; name: string };

/** Choices that read as their value ('free' shows 'free'). */
export const choicesOf = (...values: string[]): Choice[] => values.map((v) => ({ id: v, name: v }));

/** Choices with their own text, in the order given ({ open: 'Open' }). */
export const labelledChoices = (labels: Record<string, string>): Choice[] =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));

export const PLAN_CHOICES = choicesOf('free', 'premium');
export const SUBSCRIPTION_CHOICES = choicesOf('trialing', 'active', 'past_due', 'canceled');

/** The search box a list opens with, always shown. */
export const searchFilter = (source: string, placeholder: string) => (
  <SearchInput key={source} source={source} alwaysOn placeholder={placeholder} />
);

/** A select always shown, whose empty choice reads "All". */
export const selectFilter = (source: string, label: string, choices: Choice[], minWidth?: number) => (
  <SelectInput
    key={source}
    source={source}
    label={label}
    emptyText="All"
    alwaysOn
    sx={minWidth ? { minWidth } : undefined}
    choices={choices}
  />
);

/** Subscription status, on Users and Flagged Users alike: wide enough for its label to end before its arrow. */
export const subscriptionFilter = selectFilter(
  'subscriptionStatus',
  'Subscription status',
  SUBSCRIPTION_CHOICES,
  200,
);
