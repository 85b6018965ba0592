import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy/waitFor wait up to 5 s: the console screens render slowly when the two cores are busy.
configure({ asyncUtilTimeout: 5000 });
