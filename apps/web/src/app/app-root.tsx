import { useState } from 'react';
import { Outlet } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '../ui/toast';
import { AppScrollRestoration } from './takeover-scroll';
import { usePageAnalytics } from './use-page-analytics';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The api client resolves failures as replies, and the spec names its own retries (§7.1).
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}

/** The root route: app-wide providers, scroll restoration (product §9: manual) and analytics. */
export function AppRoot() {
  const [queryClient] = useState(createQueryClient);
  usePageAnalytics();
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AppScrollRestoration />
        <Outlet />
      </ToastProvider>
    </QueryClientProvider>
  );
}
