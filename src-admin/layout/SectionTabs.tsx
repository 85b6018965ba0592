import Tabs from '@mui/material/Tabs';
import Tab from '@mui/material/Tab';
import { Link, useLocation } from 'react-router-dom';
import { useBasename } from 'react-admin';
import { SupportTab } from './SupportTab';
import { SECTIONS, SUPPORT_PATH, sectionIndex } from './sections';

/** The tab bar across the top: the same sections as the menu. */
export function SectionTabs() {
  const basename = useBasename();
  const { pathname } = useLocation();
  const index = sectionIndex(pathname, basename);
  return (
    <Tabs
      value={index === -1 ? false : index}
      variant="scrollable"
      scrollButtons="auto"
      aria-label="Console sections"
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
    >
      {SECTIONS.map((s) =>
        s.path === SUPPORT_PATH ? (
          <SupportTab key={s.label} label={s.label} to={`${basename}/${s.path}`} />
        ) : (
          <Tab key={s.label} label={s.label} component={Link} to={`${basename}/${s.path}`} />
        ),
      )}
    </Tabs>
  );
}
