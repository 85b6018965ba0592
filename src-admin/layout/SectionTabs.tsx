import Tabs from '@mui/material/Tabs';
import Tab from '@mui/material/Tab';
import { Link, useLocation } from 'react-router-dom';
import { useBasename } from 'react-admin';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { NAVIGATION, SUPPORT_PATH, sectionIndex } from './sections';
import { SupportTab } from './SupportTab';

const LIST_SECTIONS = new Set(['users', 'coupons', 'flagged', 'suspicious', 'messages', 'audit-log']);

/** The console's one navigation: the spec's six sections, then the pages added beside them. */
export function SectionTabs() {
  const basename = useBasename();
  const { pathname } = useLocation();
  const index = sectionIndex(pathname, basename);
  const section = NAVIGATION[index];
  return (
    <nav aria-label="Console sections">
      {/* List sections show their name in the app bar only: give the page its one heading for screen readers. */}
      {section && LIST_SECTIONS.has(section.path) ? (
        <Typography component="h1" sx={visuallyHidden}>
          {section.label}
        </Typography>
      ) : null}
      <Tabs
        value={index === -1 ? false : index}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Console sections"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {NAVIGATION.map((s) =>
          s.path === SUPPORT_PATH ? (
            <SupportTab key={s.label} label={s.label} to={`${basename}/${s.path}`} />
          ) : (
            <Tab key={s.label} label={s.label} component={Link} to={`${basename}/${s.path}`} />
          ),
        )}
      </Tabs>
    </nav>
  );
}
