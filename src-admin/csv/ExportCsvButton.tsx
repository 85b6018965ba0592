import { useState } from 'react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useNotify, useStore } from 'react-admin';
import { mapBounded } from '../providers/listQuery';
import type { CsvColumn } from './csv';
import type { AdminDataProvider } from '../providers/dataProvider';

export interface ExportColumn<T> extends CsvColumn<T> {
  /** The grid column this follows: hidden in the grid means left out of the file. */
  field?: string;
}

const PAGE = 500;
/** Pages asked for at once after the first: a 100,000-row export is 200 pages, each waiting for the one before. */
const PAGES_AT_ONCE = 4;
/**
 * Past this many rows a list the server streams (Users) is exported by the server in one download, in account
 * order: paging a million accounts would be 2,000 requests at ever deeper offsets, every row held in the page.
 */
export const STREAM_ABOVE = 10_000;

/**
 * Exports the list's whole filtered set (not react-admin's 1,000-row cap), in the columns the operator has
 * visible, with a progress bar while it runs: page by page through the data provider in the list's order, or,
 * for a long list the server streams, as the server's own CSV.
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
  const { resource, filterValues, sort, total: listTotal } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [visibility] = useStore<Record<string, boolean>>(`${storeKey ?? 'none'}.columns`, {});
  const [progress, setProgress] = useState<number | null>(null);

  const shown = () => columns.filter((c) => !c.field || visibility[c.field] !== false);

  /** The server's CSV of the whole list, or null when it streams none of this list. */
  const streamed = (total: number) =>
    dataProvider.streamCsv?.(resource, {
      filter: filterValues,
      fields: shown().flatMap((c) => (c.field ? [c.field] : [])),
      onRows: (rows) => setProgress(Math.min(100, Math.round((rows / total) * 100))),
    }) ?? null;

  const run = async () => {
    setProgress(0);
    try {
      if (listTotal !== undefined && listTotal > STREAM_ABOVE) {
        const file = await streamed(listTotal);
        if (file) {
          const { csvFilename, downloadBlob } = await import('./csv');
          downloadBlob(file, csvFilename(filename));
          return;
        }
      }
      const fetchPage = (page: number) =>
        dataProvider
          .getList(resource, { pagination: { page, perPage: PAGE }, sort, filter: filterValues })
          .then((res) => res as { data: T[]; total?: number });
      // The first page says how many rows there are (our server's X-Total-Count, or the whole array's length);
      // the rest come PAGES_AT_ONCE at a time, kept in order.
      const first = await fetchPage(1);
      const total = first.total ?? first.data.length;
      let loaded = first.data.length;
      setProgress(total ? Math.round((loaded / total) * 100) : 100);
      const rest = Array.from({ length: Math.max(0, Math.ceil(total / PAGE) - 1) }, (_, i) => i + 2);
      // After a failure no further page is asked for, and the pages already on their way are let go without
      // touching the progress bar, which the failure has already taken down.
      let failed = false;
      const pages = await mapBounded(rest, PAGES_AT_ONCE, async (page) => {
        if (failed) return [];
        try {
          const { data } = await fetchPage(page);
          loaded += data.length;
          if (!failed) setProgress(Math.min(100, Math.round((loaded / total) * 100)));
          return data;
        } catch (err) {
          failed = true;
          throw err;
        }
      });
      const rows = [...first.data, ...pages.flat()];
      // The CSV writer (papaparse) is fetched on the first export, not with the list's first screen.
      const { csvFilename, downloadCsv, toCsv } = await import('./csv');
      downloadCsv(toCsv(rows, shown()), csvFilename(filename));
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
