/** Adapters from the use cases' event ports to the counters of one registry. */
import type { ScanEvents } from '../malware/malware.scanner';
import type { ModerationEvents } from '../moderation/moderation.removal';
import type { QuotaEvents } from '../quotas/quotas.usecases';
import type { UploadEvents } from '../uploads/uploads.usecases';
import type { RewardEvents } from '../wallet/wallet.rewards';
import type { Metrics } from './metrics.registry';

export function uploadEvents(metrics: Metrics): UploadEvents {
  return {
    presigned: () => metrics.uploads.inc({ outcome: 'presigned' }),
    finalized: (bytes) => {
      metrics.uploads.inc({ outcome: 'finalized' });
      metrics.bytesFinalized.inc({}, bytes);
    },
    aborted: () => metrics.uploads.inc({ outcome: 'aborted' }),
    failed: () => metrics.uploads.inc({ outcome: 'failed' }),
  };
}

export function rewardEvents(metrics: Metrics): RewardEvents {
  return {
    credited: (kind, amount) => {
      metrics.rewardsCredited.inc({ kind });
      metrics.rewardTokensCredited.inc({ kind }, amount);
    },
  };
}

export function moderationEvents(metrics: Metrics): ModerationEvents {
  return {
    reported: (reason) => metrics.reports.inc({ reason }),
    removed: (reason) => metrics.filesRemoved.inc({ reason }),
    blocked: (kind) => metrics.blocks.inc({ kind }),
  };
}

export function quotaEvents(metrics: Metrics): QuotaEvents {
  return {
    refused: (quota) => metrics.quotaRefusals.inc({ quota }),
    blockedUpload: () => metrics.blockedUploads.inc({}),
  };
}

export function scanEvents(metrics: Metrics): ScanEvents {
  return {
    scanned: (result) => metrics.malwareScans.inc({ result }),
    outage: () => metrics.malwareScannerOutages.inc({}),
  };
}
