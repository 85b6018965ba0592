import { SearchInput, SelectInput } from 'react-admin';

/** docs/product.md#console-coupons coupon filters: status (All, active, expired) and a search by code. */
export const couponFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search by code" />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    emptyText="All"
    alwaysOn
    choices={[
      { id: 'active', name: 'active' },
      { id: 'expired', name: 'expired' },
    ]}
  />,
];
