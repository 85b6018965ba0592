/**
 * Text that only the console's heavy libraries put in their bundles (class names and error codes survive
 * minification), used to prove no such code is requested on the public and auth pages.
 */
export const ADMIN_CODE_MARKERS: { library: string; pattern: RegExp }[] = [
  { library: 'react-admin', pattern: /RaLayout|RaDatagrid|ra\.action\./ },
  { library: 'MUI X', pattern: /MuiDataGrid/ },
  { library: 'recharts', pattern: /recharts-wrapper|recharts-surface/ },
  { library: 'papaparse', pattern: /UndetectableDelimiter/ },
];

/** Which heavy libraries a script's file name or text reveals. */
export function adminLibrariesIn(url: string, text: string): string[] {
  const found = ADMIN_CODE_MARKERS.filter((m) => m.pattern.test(text)).map((m) => m.library);
  if (/react-admin|x-data-grid|recharts|papaparse/i.test(url)) found.push(`file name ${url}`);
  return found;
}
