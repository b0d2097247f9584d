import './locales';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import type { createAppRouter } from './router';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
