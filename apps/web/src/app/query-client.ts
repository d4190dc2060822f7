import { QueryClient, timeoutManager } from '@tanstack/react-query';
import { coalescedTimeouts } from './coalesced-timers.ts';

// Before any query exists: timers of one provider cannot be cleared by another.
timeoutManager.setTimeoutProvider(coalescedTimeouts());

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
