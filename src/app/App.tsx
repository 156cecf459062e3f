import { Route, Switch } from "wouter";
import { LoginScreen } from "../screens/login/LoginScreen";
import { NotFoundScreen } from "../screens/not-found/NotFoundScreen";

export function App() {
  return (
    <Switch>
      <Route path="/" component={LoginScreen} />
      <Route component={NotFoundScreen} />
    </Switch>
  );
}
