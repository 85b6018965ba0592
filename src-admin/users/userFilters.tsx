import { SearchInput, SelectInput } from 'react-admin';

/** docs/product.md#console-users Users filters: subscription status, plan (each with All) and a search on email or name. */
export const userFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search email or name" />,
  <SelectInput
    key="subscriptionStatus"
    source="subscriptionStatus"
    label="Subscription status"
    emptyText="All"
    sx={{ minWidth: 200 }}
    alwaysOn
    choices={[
      { id: 'trialing', name: 'trialing' },
      { id: 'active', name: 'active' },
      { id: 'past_due', name: 'past_due' },
      { id: 'canceled', name: 'canceled' },
    ]}
  />,
  <SelectInput
    key="plan"
    source="plan"
    label="Plan"
    emptyText="All"
    sx={{ minWidth: 140 }}
    alwaysOn
    choices={[
      { id: 'free', name: 'free' },
      { id: 'premium', name: 'premium' },
    ]}
  />,
];
