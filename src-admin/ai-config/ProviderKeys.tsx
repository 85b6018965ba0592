import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import WarningAmber from '@mui/icons-material/WarningAmber';
import type { ProviderCatalogue } from '../../src/contract/admin';
import { keyNote } from './aiConfigRows';

/** Which providers have an API key on the server, and what happens to the requests of those that do not. */
export function ProviderKeys({ catalogue }: { catalogue: ProviderCatalogue }) {
  const providers = Object.entries(catalogue.providers);
  return (
    <Card variant="outlined" component="section" aria-labelledby="ai-provider-keys" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" id="ai-provider-keys" sx={{ mb: 1 }}>
          Provider API keys
        </Typography>
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
          {providers.map(([id, p]) => {
            const note = keyNote(catalogue, id);
            return (
              <Box component="li" key={id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                {note ? (
                  <WarningAmber fontSize="small" color="warning" aria-hidden />
                ) : (
                  <CheckCircleOutline fontSize="small" color="success" aria-hidden />
                )}
                <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 90 }}>
                  {p.name}
                </Typography>
                <Typography variant="body2" color={note ? 'text.primary' : 'text.secondary'}>
                  {note ?? 'API key configured'}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}
