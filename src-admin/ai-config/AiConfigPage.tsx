import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import type { AiConfig } from '../../src/contract/admin';
import { formatDateTime } from '../../src/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEYS, useAdminProvider, useAdminQuery } from '../common/adminQueries';
import { Banner, LoadError } from '../common/Banner';
import { useTimedMessage } from '../common/useTimedMessage';
import { aiConfigRows, lastUpdated, type AiConfigRow } from './aiConfigRows';
import { ProviderKeys } from './ProviderKeys';

const NOTES = [
  'Changes apply immediately to new AI requests.',
  'The default provider is used as the fallback when a request fails.',
  'API keys for each provider must be configured on the server.',
  'Models differ in capability and cost.',
];

type SaveState = 'idle' | 'saving' | 'saved';

/** docs/product.md#console-ai-provider-settings AI Provider Settings: a provider and a model per task type, saved on change. */
export function AiConfigPage() {
  const provider = useAdminProvider();
  const queryClient = useQueryClient();
  const [banner, showBanner] = useTimedMessage();
  const [save, setSave] = useState<SaveState>('idle');
  const configs = useAdminQuery(ADMIN_KEYS.aiConfigs, 'aiConfigs');
  const catalogue = useAdminQuery(ADMIN_KEYS.aiProviders, 'aiProviders');
  const loadError = configs.error ?? catalogue.error;
  const setConfigs = (update: (prev: AiConfig[]) => AiConfig[]) =>
    queryClient.setQueryData<AiConfig[]>(ADMIN_KEYS.aiConfigs, (prev) => update(prev ?? []));

  const saving = {
    onMutate: () => setSave('saving'),
    onError: (err: Error) => {
      setSave('idle');
      showBanner(err.message);
    },
  };
  const changeTask = useMutation({
    ...saving,
    mutationFn: ({ row, next }: { row: AiConfigRow; next: { provider: string; model: string | null } }) =>
      provider.updateAiConfig(row.taskType, next.provider, next.model),
    onSuccess: (saved, { row, next }) => {
      setConfigs((prev) => [
        ...prev.filter((c) => c.taskType !== row.taskType),
        {
          taskType: row.taskType,
          provider: next.provider,
          model: next.model,
          updatedAt: saved.updatedAt ?? new Date().toISOString(),
        },
      ]);
      setSave('saved');
    },
  });
  const resetAll = useMutation({
    ...saving,
    mutationFn: () => provider.resetAiConfig(),
    onSuccess: ({ configs: fresh }) => {
      setConfigs(() => fresh);
      setSave('saved');
    },
  });
  const change = (row: AiConfigRow, next: { provider: string; model: string | null }) =>
    changeTask.mutate({ row, next });
  const reset = () => resetAll.mutate();

  const rows = catalogue.data ? aiConfigRows(catalogue.data, configs.data ?? []) : [];
  const updated = lastUpdated(configs.data ?? []);
  const providers = Object.entries(catalogue.data?.providers ?? {});

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="AI Provider Settings" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          AI Provider Settings
        </Typography>
        <Typography variant="body2" color="text.secondary" role="status">
          {save === 'saving' ? 'Saving...' : save === 'saved' ? 'Saved' : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Last updated: {updated ? formatDateTime(updated) : 'Never'}
        </Typography>
        <Button variant="outlined" onClick={reset} disabled={save === 'saving'}>
          Reset to Defaults
        </Button>
      </Box>
      <Banner message={banner} />
      <LoadError error={loadError} />
      {catalogue.isPending || configs.isPending ? (
        <LinearProgress sx={{ mb: 2 }} aria-label="Loading AI settings" />
      ) : null}
      {catalogue.data ? <ProviderKeys catalogue={catalogue.data} /> : null}
      <div style={{ display: 'grid', gap: 12 }}>
        {rows.map((row) => {
          const models = catalogue.data?.providers[row.provider]?.models ?? [];
          return (
            <Card
              key={row.taskType}
              variant="outlined"
              component="section"
              aria-labelledby={`ai-task-${row.taskType}`}
            >
              <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
                <Box sx={{ flex: '1 1 240px' }}>
                  <Typography variant="subtitle1" component="h2" id={`ai-task-${row.taskType}`}>
                    {row.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {row.description}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    Updated: {row.updatedAt ? formatDateTime(row.updatedAt) : 'Never'}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                  <TextField
                    select
                    size="small"
                    label={`${row.name} provider`}
                    value={row.provider}
                    onChange={(e) => change(row, { provider: e.target.value, model: null })}
                    fullWidth={false}
                    sx={{ width: 200 }}
                  >
                    {providers.map(([id, p]) => (
                      <MenuItem key={id} value={id}>
                        {p.name}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    select
                    size="small"
                    label={`${row.name} model`}
                    value={row.model ?? ''}
                    onChange={(e) => change(row, { provider: row.provider, model: e.target.value || null })}
                    fullWidth={false}
                    sx={{ width: 240 }}
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  >
                    <MenuItem value="">Default Model</MenuItem>
                    {models.map((m) => (
                      <MenuItem key={m.id} value={m.id}>
                        {m.name}
                      </MenuItem>
                    ))}
                  </TextField>
                </Box>
                {row.keyNote ? (
                  <Alert severity="warning" role="note" sx={{ flexBasis: '100%', py: 0 }}>
                    {row.keyNote}
                  </Alert>
                ) : null}
              </CardContent>
            </Card>
          );
        })}
      </div>
      <Alert severity="info" role="note" sx={{ mt: 2 }}>
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {NOTES.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </Alert>
    </Box>
  );
}
