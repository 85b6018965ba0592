import { labelledChoices, searchFilter, selectFilter } from '../common/filters';

/** The inbox filters: type and status (each with All) and a search of name, email and message. */
export const supportFilters = [
  searchFilter('search', 'Search name, email or message'),
  selectFilter('type', 'Type', labelledChoices({ contact: 'Contact', support: 'Support' }), 140),
  selectFilter('status', 'Status', labelledChoices({ open: 'Open', resolved: 'Resolved' }), 140),
];
