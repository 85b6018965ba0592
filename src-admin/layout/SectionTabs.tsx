import Tabs from '@mui/material/Tabs';
import Tab from '@mui/material/Tab';
import { Link, useLocation } from 'react-router-dom';
import { useBasename } from 'react-admin';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { SUPPORT_PATH, sectionIndex, useNavigation } from './sections';
import { SupportTab } from './SupportTab';

/** The console's one navigation: the spec's six sections, then the pages added beside them. */
export function SectionTabs() {
  const basename = useBasename();
  const { pathname } = useLocation();
  const tabs = useNavigation();
  const index = sectionIndex(tabs, pathname, basename);
  const section = tabs[index];
  return (
    <nav aria-label="Console sections">
      {/* List sections show their name in the app bar only: give the page its one heading for screen readers. */}
      {section && !section.ownHeading ? (
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
        {tabs.map((s) =>
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
