/**
 * Preview → confirm → send, for one transfer at a time: main checks the draft against free
 * collateral and builds the exact op (signing nothing); the confirmation shows that op; Send has
 * main sign exactly it with the account's proxy key. After a send the history and the balances
 * of both accounts are read again.
 */
import { useCallback, useState } from 'react';
import type { PerpsTransferDraft, PerpsTransferPreview, PerpsTransferResult } from '../../../shared/perpsViews';
import type { BridgeError } from '../../../shared/result';
import { api } from '../../bridge/api';
import { usePerpsStore } from '../../stores/perpsStore';
import { useTransfersStore } from '../../stores/transfersStore';

export type TransferOrigin = 'send' | 'quick';

export interface TransferFlow {
  preview: PerpsTransferPreview | null;
  previewing: boolean;
  previewError: BridgeError | null;
  sending: boolean;
  sendError: BridgeError | null;
  result: PerpsTransferResult | null;
  /** Which form started the transfer that `result` belongs to (it clears its amount). */
  origin: TransferOrigin | null;
  start: (draft: PerpsTransferDraft, origin: TransferOrigin) => Promise<void>;
  send: () => Promise<void>;
  /** Closes the confirmation (before or after sending). */
  close: () => void;
}

export function useTransferFlow(): TransferFlow {
  const [preview, setPreview] = useState<PerpsTransferPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [previewError, setPreviewError] = useState<BridgeError | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<BridgeError | null>(null);
  const [result, setResult] = useState<PerpsTransferResult | null>(null);
  const [origin, setOrigin] = useState<TransferOrigin | null>(null);

  const start = useCallback(async (draft: PerpsTransferDraft, from: TransferOrigin) => {
    setOrigin(from);
    setPreviewing(true);
    setPreviewError(null);
    setSendError(null);
    setResult(null);
    const answer = await api.previewPerpsTransfer({ ...draft, ...(draft.label ? { label: draft.label } : {}) });
    setPreviewing(false);
    if (answer.ok) setPreview(answer.value);
    else setPreviewError(answer.error);
  }, []);

  const send = useCallback(async () => {
    if (!preview || sending) return;
    setSending(true);
    setSendError(null);
    const answer = await api.sendPerpsTransfer({ previewId: preview.previewId });
    setSending(false);
    if (!answer.ok) return setSendError(answer.error);
    setResult(answer.value);
    void usePerpsStore.getState().loadAccounts();
    const transfers = useTransfersStore.getState();
    if (transfers.accountId) void transfers.startSync(false);
  }, [preview, sending]);

  const close = useCallback(() => {
    setPreview(null);
    setSendError(null);
  }, []);

  return { preview, previewing, previewError, sending, sendError, result, origin, start, send, close };
}
