import Tabs from '@mui/material/Tabs';
import Tab from '@mui/material/Tab';
import { Link, useLocation } from 'react-router-dom';
import { useBasename } from 'react-admin';
import { NAVIGATION, sectionIndex } from './sections';

/** The console's one navigation: the spec's six sections, then the pages added beside them. */
export function SectionTabs() {
  const basename = useBasename();
  const { pathname } = useLocation();
  const index = sectionIndex(pathname, basename);
  return (
    <nav aria-label="Console sections">
      <Tabs
        value={index === -1 ? false : index}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Console sections"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {NAVIGATION.map((s) => (
          <Tab key={s.label} label={s.label} component={Link} to={`${basename}/${s.path}`} />
        ))}
      </Tabs>
    </nav>
  );
}
