import { DateInput, SelectInput, TextInput } from 'react-admin';
import { AUDIT_ACTIONS } from '../../src/contract/audit';

/** The audit log filters: the operator's email, the action, and a range of days (both ends included). */
export const auditFilters = [
  <TextInput key="actor" source="actor" label="Actor email" alwaysOn resettable sx={{ minWidth: 220 }} />,
  <SelectInput
    key="action"
    source="action"
    label="Action"
    emptyText="All"
    alwaysOn
    sx={{ minWidth: 200 }}
    choices={AUDIT_ACTIONS.map((a) => ({ id: a, name: a }))}
  />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];
