import { lazy, Suspense } from 'react';
import { Loading } from '../components/ui/Loading';

// The builder, its result views and the saving of queries load with this page, not with the console's
// first one.
const Workbench = lazy(() => import('../components/analytics/Workbench'));

export function AnalyticsPage() {
  return (
    <section aria-labelledby="analytics-title">
      <h1 id="analytics-title">Analytics</h1>
      <Suspense fallback={<Loading what="Loading the analytics page" />}>
        <Workbench />
      </Suspense>
    </section>
  );
}
