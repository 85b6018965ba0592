import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's light and dark themes with colours that keep text readable (WCAG AA, 4.5:1): MUI's
 * orange and green are too light for white text and for text on white, so the light theme darkens them;
 * the dark theme keeps MUI's light tones, which read on its dark paper.
 */
/** Progress indicators that react-admin renders without a name get one, for screen readers. */
const namedProgress = {
  MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
  MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  components: { ...defaultLightTheme.components, ...namedProgress },
  palette: {
    ...defaultLightTheme.palette,
    // react-admin's app bar blue (#2196f3) carries white text at 3:1; these blues reach 5.7:1 and more.
    primary: { main: '#1565c0', contrastText: '#ffffff' },
    secondary: { main: '#0d47a1', contrastText: '#ffffff' },
    warning: { main: '#a84300', contrastText: '#ffffff' },
    success: { main: '#1b5e20', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.66)' },
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  components: { ...defaultDarkTheme.components, ...namedProgress },
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    warning: { main: '#ffb74d', contrastText: 'rgba(0, 0, 0, 0.87)' },
    success: { main: '#81c784', contrastText: 'rgba(0, 0, 0, 0.87)' },
    error: { main: '#ef9a9a', contrastText: 'rgba(0, 0, 0, 0.87)' },
  },
};
