import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { TOAST_DURATION_MS, TOAST_SPACING_PX } from '@konek/contract/constants';
import { cx } from './class-names';
import { AlertIcon, CheckCircleIcon, CloseIcon, ErrorCircleIcon, InfoIcon } from './icons';
import styles from './toast.module.css';
import { i18n } from '../i18n/i18n';

// product §8 / §9: toasts have the types success, info, warning and error; each shows for 3000 ms, and
// several stack 16 px apart.

export type ToastType = 'success' | 'info' | 'warning' | 'error';

export type ToastApi = {
  show: (message: string, type?: ToastType) => void;
  dismiss: (id: number) => void;
};

type ToastEntry = { id: number; type: ToastType; message: string };

const ToastContext = createContext<ToastApi | null>(null);

const ICONS = {
  success: CheckCircleIcon,
  info: InfoIcon,
  warning: AlertIcon,
  error: ErrorCircleIcon,
} as const;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly ToastEntry[]>([]);
  const lastId = useRef(0);
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback((message: string, type: ToastType = 'info') => {
    lastId.current += 1;
    const id = lastId.current;
    setToasts((current) => [...current, { id, type, message }]);
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext value={api}>
      {children}
      <div className={styles.region} style={{ gap: TOAST_SPACING_PX }}>
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastEntry; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);
  const Icon = ICONS[toast.type];
  // Problems interrupt (alert); confirmations wait for a pause (status).
  const role = toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status';
  return (
    <div role={role} className={cx(styles.toast, styles[toast.type])} data-type={toast.type}>
      <Icon className={styles.icon} />
      <p className={styles.message}>{toast.message}</p>
      <button
        type="button"
        className={styles.close}
        aria-label={i18n._('Dismiss')}
        onClick={() => onDismiss(toast.id)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
