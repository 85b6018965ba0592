import { useState } from 'react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useNotify, useStore } from 'react-admin';
import type { CsvColumn } from './csv';

export interface ExportColumn<T> extends CsvColumn<T> {
  /** The grid column this follows: hidden in the grid means left out of the file. */
  field?: string;
}

const PAGE = 500;

/**
 * Exports the list's whole filtered set (not react-admin's 1,000-row cap), page by page through the
 * data provider, in the columns the operator has visible, with a progress bar while it runs.
 */
export function ExportCsvButton<T>({
  columns,
  filename,
  storeKey,
}: {
  columns: ExportColumn<T>[];
  filename: string;
  storeKey?: string;
}) {
  const { resource, filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [visibility] = useStore<Record<string, boolean>>(`${storeKey ?? 'none'}.columns`, {});
  const [progress, setProgress] = useState<number | null>(null);

  const run = async () => {
    setProgress(0);
    try {
      const rows: T[] = [];
      let page = 1;
      let expected = total ?? Infinity;
      while (rows.length < expected) {
        const res = await dataProvider.getList(resource, {
          pagination: { page, perPage: PAGE },
          sort,
          filter: filterValues,
        });
        expected = res.total ?? rows.length + res.data.length;
        rows.push(...(res.data as T[]));
        setProgress(expected ? Math.round((rows.length / expected) * 100) : 100);
        if (res.data.length < PAGE) break;
        page += 1;
      }
      const shown = columns.filter((c) => !c.field || visibility[c.field] !== false);
      // The CSV writer (papaparse) is fetched on the first export, not with the list's first screen.
      const { csvFilename, downloadCsv, toCsv } = await import('./csv');
      downloadCsv(toCsv(rows, shown), csvFilename(filename));
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 140 }}>
      <Button size="small" startIcon={<DownloadIcon />} onClick={run} disabled={progress !== null}>
        Export CSV
      </Button>
      {progress !== null ? (
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label="Export progress"
          sx={{ mt: 0.5 }}
        />
      ) : null}
    </Box>
  );
}
