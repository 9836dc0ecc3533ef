import { Component, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { AdminPage } from './admin-page.tsx';
import { Button } from './button.tsx';

/** What the fallback says: one sentence of what happened and one of what to do. */
export const SCREEN_FAILED =
  'This screen met an error and could not be shown. Reload the page to try again; anything already saved is safe.';

interface State {
  error: Error | null;
}

class Boundary extends Component<{ children: ReactNode; location: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: { location: string }): void {
    // Another screen is another chance: going elsewhere from the fallback shows that screen.
    if (previous.location !== this.props.location && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error): void {
    console.error('admin screen failed', error);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <AdminPage title="Something went wrong">
        <p role="alert" className="max-w-prose text-slate-800">
          {SCREEN_FAILED}
        </p>
        <Button className="mt-4" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </AdminPage>
    );
  }
}

/**
 * A screen that throws while rendering (an answer it did not expect) shows what happened and the
 * way on, in the admin's frame, instead of a blank page: React unmounts the whole app otherwise.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <Boundary location={location}>{children}</Boundary>;
}
