/**
 * The running uploads live here, above the routes (the app puts this provider around its layout):
 * moving between the app's pages keeps them going, the top bar shows their progress, and home
 * shows their cards again. Each transfer is one `TransferRunner`, which renders nothing and drives
 * the upload flow; it unmounts, and so aborts its upload, only when its card is dismissed or the
 * page itself goes away — which, while an upload runs, the browser asks about first.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type LinkOptions, type UploadFlowDeps, useUploadFlow } from '../hooks/use-upload-flow';
import type { PendingUpload } from '../resume/pending-upload';
import { type PendingUploadStore, pendingUploads } from '../resume/pending-upload-store';
import { isRunning, type TransferRequest, type TransferView } from './transfers';

export interface Transfers {
  transfers: TransferView[];
  start: (file: File, encrypt: boolean, options: LinkOptions) => void;
  resume: (upload: PendingUpload, file: File) => void;
  /** Removes a transfer's card; a running one is aborted with it. */
  dismiss: (id: number) => void;
}

const TransfersContext = createContext<Transfers | null>(null);

/** The app's transfers, or null outside a provider (a page rendered on its own). */
export function useTransfers(): Transfers | null {
  return useContext(TransfersContext);
}

export interface TransfersProviderProps {
  children: ReactNode;
  /** Where unfinished multipart uploads are remembered for a reload (tests pass their own). */
  store?: PendingUploadStore;
  /** Told once per upload that reached ready, whichever page is open then. */
  onReady?: UploadFlowDeps['onReady'];
}

interface Entry {
  id: number;
  request: TransferRequest;
}

export function TransfersProvider({
  children,
  store = pendingUploads,
  onReady,
}: TransfersProviderProps) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [views, setViews] = useState<Record<number, TransferView>>({});
  const nextId = useRef(0);

  const add = useCallback((request: TransferRequest) => {
    nextId.current += 1;
    const id = nextId.current;
    setEntries((previous) => [...previous, { id, request }]);
  }, []);
  const dismiss = useCallback((id: number) => {
    setEntries((previous) => previous.filter((entry) => entry.id !== id));
    setViews(({ [id]: _gone, ...rest }) => rest);
  }, []);
  const report = useCallback((view: TransferView) => {
    setViews((previous) => ({ ...previous, [view.id]: view }));
  }, []);

  const transfers = useMemo(
    () => entries.map((entry) => views[entry.id] ?? startingView(entry)),
    [entries, views],
  );
  const running = transfers.some((transfer) => isRunning(transfer.state));
  useLeaveGuard(running);

  const value = useMemo<Transfers>(
    () => ({
      transfers,
      start: (file, encrypt, options) => add({ kind: 'start', file, encrypt, options }),
      resume: (upload, file) => add({ kind: 'resume', upload, file }),
      dismiss,
    }),
    [transfers, add, dismiss],
  );

  return (
    <TransfersContext.Provider value={value}>
      {entries.map((entry) => (
        <TransferRunner
          key={entry.id}
          entry={entry}
          store={store}
          onReady={onReady}
          report={report}
        />
      ))}
      {children}
    </TransfersContext.Provider>
  );
}

/** A transfer before its flow first reports: its card already shows it being prepared. */
function startingView({ id, request }: Entry): TransferView {
  return {
    id,
    retry: () => undefined,
    state: {
      phase: request.kind === 'start' ? 'preparing' : 'uploading',
      file: request.file,
      encrypt: request.kind === 'start' ? request.encrypt : request.upload.fragment !== null,
      progress: 0,
      speed: null,
      eta: null,
      link: request.kind === 'resume' ? request.upload.link : null,
      errorMessage: null,
    },
  };
}

function TransferRunner({
  entry,
  store,
  onReady,
  report,
}: {
  entry: Entry;
  store: PendingUploadStore;
  onReady: UploadFlowDeps['onReady'];
  report: (view: TransferView) => void;
}) {
  const { state, start, resume, retry } = useUploadFlow({ store, onReady });
  const { id, request } = entry;

  // Once per transfer (twice in development's strict mode, whose first run is aborted).
  useEffect(() => {
    if (request.kind === 'start') void start(request.file, request.encrypt, request.options);
    else void resume(request.upload, request.file);
  }, [request, start, resume]);

  useEffect(() => {
    if (state.phase !== 'pending') report({ id, state, retry });
  }, [id, state, retry, report]);

  return null;
}

/**
 * While an upload runs, leaving the site, reloading or closing the tab asks the browser's "Leave
 * site?" question first (the upload would stop; its link would never work).
 */
function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}
