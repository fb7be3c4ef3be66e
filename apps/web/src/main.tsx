import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/app.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { ConfirmProvider } from './components/ui/confirm';
import { setUnauthorizedHandler } from './lib/api';
import { installCrashHandlers } from './lib/crashReports';
import { cssVariablesResolver, theme } from './app/theme';

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 0 } } });

installCrashHandlers();

setUnauthorizedHandler(() => {
  const here = location.pathname + location.search;
  if (location.pathname !== '/login' && location.pathname !== '/token') {
    location.assign(`/login?ReturnUrl=${encodeURIComponent(here)}`);
  }
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="bottom-right" limit={5} />
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
