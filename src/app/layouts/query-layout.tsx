import { useContext } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { queryClient } from '@/lib/query-client';
import { LocalizedDates } from './localized-dates';

/**
 * Every screen but the login page reads the API through react-query and may hold a date picker: the client and the
 * pickers' language are provided here, in a lazy layout, so that the login page loads neither react-query, axios,
 * the date pickers nor dayjs (docs/navigation.md, "Bundle"). A client provided above (a test's own) is kept.
 */
export function QueryLayout() {
  const provided = useContext(QueryClientContext);
  const screens = (
    <LocalizedDates>
      <Outlet />
    </LocalizedDates>
  );
  if (provided) return screens;
  return <QueryClientProvider client={queryClient}>{screens}</QueryClientProvider>;
}
