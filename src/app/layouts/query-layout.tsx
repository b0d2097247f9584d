import { useContext } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { queryClient } from '@/lib/query-client';

/**
 * Every screen but the login page reads the API through react-query: its client is provided here, in a lazy layout,
 * so that the login page loads neither react-query nor axios (docs/navigation.md, "Bundle"). A client provided
 * above (a test's own) is kept.
 */
export function QueryLayout() {
  const provided = useContext(QueryClientContext);
  if (provided) return <Outlet />;
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
