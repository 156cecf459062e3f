import { Suspense } from "react";
import { Redirect, Route, Router, Switch } from "wouter";
import { NotFoundScreen } from "../screens/notFound/NotFoundScreen";
import { AdminOnly, HandoffRoute, RootRoute, SignedInOnly } from "./guards";
import { Layout } from "./layout/Layout";
import { DocumentTitle } from "./DocumentTitle";
import { MEMBERS_LIST_PATH } from "../machines/auth/landing";
import { PROTECTED_ROUTES } from "./routes";
import type { Services } from "./services";
import { ServicesContext } from "./ServicesContext";
import { UsageTracker } from "./UsageTracker";

interface AppProps {
  services: Services;
  /** wouter's location hook: the browser's by default, a memory location in tests. */
  location?: Parameters<typeof Router>[0]["hook"];
}

export function App({ services, location }: AppProps) {
  return (
    <ServicesContext.Provider value={services}>
      <Router hook={location}>
        <UsageTracker />
        <Switch>
          <Route path="/" component={RootRoute} />
          <Route path="/cdpLogin/:token">{({ token }) => <HandoffRoute token={token} />}</Route>
          <Route path="/login">
            <SignedInOnly>
              <Redirect to={MEMBERS_LIST_PATH} replace />
            </SignedInOnly>
          </Route>
          {PROTECTED_ROUTES.map((route) => {
            const page = (
              <>
                <DocumentTitle title={route.title} region={route.region} />
                <Layout>
                  <Suspense fallback={<p role="status">Loading {route.title}…</p>}>
                    {route.adminOnly ? <AdminOnly>{route.render()}</AdminOnly> : route.render()}
                  </Suspense>
                </Layout>
              </>
            );
            return (
              <Route key={route.path} path={route.path}>
                <SignedInOnly>{route.hiddenFromStaff ? <AdminOnly fallback={<NotFoundScreen />}>{page}</AdminOnly> : page}</SignedInOnly>
              </Route>
            );
          })}
          <Route>
            <NotFoundScreen />
          </Route>
        </Switch>
      </Router>
    </ServicesContext.Provider>
  );
}
