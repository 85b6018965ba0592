import type { AiConfig } from '../../src/contract/admin';
import { ADMIN_TEXT } from '../providers/adminMessages';
import { resourceSpec } from '../providers/resourceSpec';

export const aiConfigData = resourceSpec<AiConfig>({
  path: 'ai-config',
  key: 'configs',
  idOf: (r) => String(r.taskType),
  loadError: ADMIN_TEXT.loadAiConfig,
});
