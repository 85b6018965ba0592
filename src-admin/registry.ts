import PeopleIcon from '@mui/icons-material/People';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import FlagIcon from '@mui/icons-material/Flag';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import HistoryIcon from '@mui/icons-material/History';
import { preloadable } from './common/preloadable';
import type { ConsolePage, ConsoleSection } from './common/section';
import type { NavigationTab } from './layout/sections';
import type { ResourceSpecs } from './providers/resources';
import { userData } from './users/userData';
import { couponData } from './coupons/couponData';
import { flaggedData } from './flagged/flaggedData';
import { aiConfigData } from './ai-config/aiConfigData';
import { suspiciousData } from './suspicious/suspiciousData';
import { supportData } from './support/supportData';
import { auditData } from './audit/auditData';

// The console's one list of sections. Adding a section is its folder plus one entry here (docs/architecture.md).
// Screens are imported lazily, so each section stays its own chunk; only the endpoints' small specs load eagerly.

/** docs/product.md#console-sections: the spec's sections in its order and with its labels, then Support and Audit log. */
export const SECTIONS: readonly ConsoleSection[] = [
  {
    name: 'users',
    label: 'Users',
    icon: PeopleIcon,
    list: preloadable(() => import('./users/UserList').then((m) => m.UserList)),
    recordRepresentation: 'email',
    spec: userData,
  },
  {
    name: 'coupons',
    label: 'Coupons',
    icon: LocalOfferIcon,
    list: preloadable(() => import('./coupons/CouponList').then((m) => m.CouponList)),
    recordRepresentation: 'code',
    spec: couponData,
  },
  {
    name: 'flagged',
    label: 'Flagged Users',
    icon: FlagIcon,
    list: preloadable(() => import('./flagged/FlaggedList').then((m) => m.FlaggedList)),
    recordRepresentation: 'email',
    spec: flaggedData,
  },
  {
    name: 'ai-config',
    label: 'AI Provider Settings',
    icon: SmartToyIcon,
    list: preloadable(() => import('./ai-config/AiConfigPage').then((m) => m.AiConfigPage)),
    recordRepresentation: 'taskType',
    ownHeading: true,
    spec: aiConfigData,
  },
  {
    name: 'suspicious',
    label: 'Suspicious Users',
    icon: ReportProblemIcon,
    list: preloadable(() => import('./suspicious/SuspiciousList').then((m) => m.SuspiciousList)),
    recordRepresentation: 'email',
    spec: suspiciousData,
  },
  // Beyond the spec's six: the support inbox and the audit log of operator changes.
  {
    name: 'messages',
    label: 'Support',
    icon: SupportAgentIcon,
    list: preloadable(() => import('./support/SupportList').then((m) => m.SupportList)),
    show: preloadable(() => import('./support/SupportShow').then((m) => m.SupportShow)),
    recordRepresentation: 'email',
    spec: supportData,
  },
  {
    name: 'audit-log',
    label: 'Audit log',
    icon: HistoryIcon,
    list: preloadable(() => import('./audit/AuditList').then((m) => m.AuditList)),
    spec: auditData,
  },
];

/** The screens beside the sections: the overview opens the console, cost analysis closes the tab bar. */
export const OVERVIEW: ConsolePage = {
  label: 'Overview',
  path: '',
  screen: preloadable(() => import('./pages/overview/Overview').then((m) => m.default)),
};
export const COST_ANALYSIS: ConsolePage = {
  label: 'Cost analysis',
  path: 'cost-analysis',
  screen: preloadable(() => import('./pages/costAnalysis/CostAnalysis').then((m) => m.default)),
};

/** Everything the tab bar lists, in its order: the overview, the sections, then the pages added beside them. */
export const NAVIGATION: readonly NavigationTab[] = [
  { label: OVERVIEW.label, path: OVERVIEW.path, ownHeading: true },
  ...SECTIONS.map((s) => ({ label: s.label, path: s.name, ownHeading: s.ownHeading ?? false })),
  { label: COST_ANALYSIS.label, path: COST_ANALYSIS.path, ownHeading: true },
];

/** Each section's endpoint by resource name: what the data provider is given. */
export const RESOURCE_SPECS: ResourceSpecs = Object.fromEntries(SECTIONS.map((s) => [s.name, s.spec]));
