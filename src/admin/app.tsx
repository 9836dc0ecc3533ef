import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Route, Router, Switch } from 'wouter';
import { Toaster } from '../components/ui/toaster-radix.tsx';
import { createQueryClient } from './api.ts';
import { TimeZoneContext } from './dates.ts';
import type { Me } from './types.ts';
import { ActivityScreen } from './screens/activity.tsx';
import { AdministratorsScreen } from './screens/administrators.tsx';
import { DashboardScreen } from './screens/dashboard.tsx';
import { EventsScreen } from './screens/events.tsx';
import { GalleryScreen } from './screens/gallery.tsx';
import { LoginScreen } from './screens/login.tsx';
import { OwnPasswordFirst } from './screens/choose-own-password.tsx';
import { NewsScreen } from './screens/news.tsx';
import { SettingsScreen } from './screens/settings.tsx';
import { WhatWeDoScreen } from './screens/what-we-do.tsx';
import { WhoWeAreScreen } from './screens/who-we-are.tsx';
import { AdminLink } from './ui/admin-link.tsx';
import { ScreenErrorBoundary } from './ui/screen-error-boundary.tsx';
import { SignInAgainDialog } from './ui/sign-in-again-dialog.tsx';
import { PublicUrlContext } from './ui/site-address-alert.tsx';
import { ADMIN_HOME_PAGE, ADMIN_SCREENS } from '../core/shared/admin-screens.ts';
import { forgetDialogLeftBehind } from '../components/use-back-closes.ts';

/**
 * The admin area: one single-page app under /admin/*. The server has already checked the
 * session before sending this page (src/middleware.ts); calls that meet an expired session
 * send the administrator back to /admin.
 */
export function AdminApp({ timeZone, publicUrl, me }: { timeZone: string; publicUrl: string; me: Me | null }) {
  // Who is signed in, known from the page: forms keep drafts for them from the first keystroke.
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (me) client.setQueryData(['/api/admin/me'], me);
    return client;
  });
  // Reloaded with a question or a form without a draft open: its history entry is gone back over,
  // so that the next Back leaves the screen. Forms with a draft open again (their screens' effects
  // ran before this one and took theirs).
  useEffect(() => forgetDialogLeftBehind({ all: false }), []);
  return (
    <TimeZoneContext.Provider value={timeZone}>
      <PublicUrlContext.Provider value={publicUrl}>
        <QueryClientProvider client={queryClient}>
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          <Router>
            <ScreenErrorBoundary>
              <OwnPasswordFirst>
                <Switch>
                  <Route path="/admin" component={LoginScreen} />
                  <Route path={ADMIN_SCREENS.dashboard.href} component={DashboardScreen} />
                  <Route path={ADMIN_SCREENS.news.href} component={NewsScreen} />
                  <Route path={ADMIN_SCREENS.events.href} component={EventsScreen} />
                  <Route path={ADMIN_SCREENS.gallery.href} component={GalleryScreen} />
                  <Route path={ADMIN_SCREENS.whoWeAre.href} component={WhoWeAreScreen} />
                  <Route path={ADMIN_SCREENS.whatWeDo.href} component={WhatWeDoScreen} />
                  <Route path={ADMIN_SCREENS.settings.href} component={SettingsScreen} />
                  <Route path={ADMIN_SCREENS.administrators.href} component={AdministratorsScreen} />
                  <Route path={ADMIN_SCREENS.activity.href} component={ActivityScreen} />
                  <Route component={AdminNotFound} />
                </Switch>
              </OwnPasswordFirst>
            </ScreenErrorBoundary>
          </Router>
          <SignInAgainDialog />
          <Toaster />
        </QueryClientProvider>
      </PublicUrlContext.Provider>
    </TimeZoneContext.Provider>
  );
}

function AdminNotFound() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-slate-700">Did you forget to add the page to the router?</p>
      <p className="mt-4">
        <AdminLink href={ADMIN_HOME_PAGE} className="text-blue-800 underline">
          Back to Dashboard
        </AdminLink>
      </p>
    </main>
  );
}
