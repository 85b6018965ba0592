import { SearchInput, SelectInput } from 'react-admin';

/** The inbox filters: type and status (each with All) and a search of name, email and message. */
export const supportFilters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Search name, email or message" />,
  <SelectInput
    key="type"
    source="type"
    label="Type"
    emptyText="All"
    alwaysOn
    sx={{ minWidth: 140 }}
    choices={[
      { id: 'contact', name: 'Contact' },
      { id: 'support', name: 'Support' },
    ]}
  />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    emptyText="All"
    alwaysOn
    sx={{ minWidth: 140 }}
    choices={[
      { id: 'open', name: 'Open' },
      { id: 'resolved', name: 'Resolved' },
    ]}
  />,
];
