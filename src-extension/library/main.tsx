import { createRoot } from 'react-dom/client';
import { App } from './App';
import { chromeSource } from './state/chromeSource';

// The library page's entry (dashboard.html).
createRoot(document.getElementById('root')!).render(<App source={chromeSource} />);
