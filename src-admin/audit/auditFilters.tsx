import { DateInput, TextInput } from 'react-admin';
import { AUDIT_ACTIONS } from '../../src/contract/audit';
import { choicesOf, selectFilter } from '../common/filters';

/** The audit log filters: the operator's email, the action, and a range of days (both ends included). */
export const auditFilters = [
  <TextInput key="actor" source="actor" label="Actor email" alwaysOn resettable sx={{ minWidth: 220 }} />,
  selectFilter('action', 'Action', choicesOf(...AUDIT_ACTIONS), 200),
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];
