import { Menu, useBasename } from 'react-admin';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PeopleIcon from '@mui/icons-material/People';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import FlagIcon from '@mui/icons-material/Flag';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import ReportIcon from '@mui/icons-material/Report';
import InsightsIcon from '@mui/icons-material/Insights';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import HistoryIcon from '@mui/icons-material/History';
import { COST_ANALYSIS, SECTIONS } from './sections';

const ICONS = [
  DashboardIcon,
  PeopleIcon,
  LocalOfferIcon,
  FlagIcon,
  SmartToyIcon,
  ReportIcon,
  SupportAgentIcon,
  HistoryIcon,
];

/** The side menu: the sections in order, then the cost analysis page. */
export function AdminMenu() {
  const basename = useBasename();
  return (
    <Menu>
      {SECTIONS.map((s, i) => {
        const Icon = ICONS[i];
        return (
          <Menu.Item key={s.label} to={`${basename}/${s.path}`} primaryText={s.label} leftIcon={<Icon />} />
        );
      })}
      <Menu.Item
        to={`${basename}/${COST_ANALYSIS.path}`}
        primaryText={COST_ANALYSIS.label}
        leftIcon={<InsightsIcon />}
      />
    </Menu>
  );
}
