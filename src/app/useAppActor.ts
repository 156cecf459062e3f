import { useActorRef } from "@xstate/react";
import { useContext } from "react";
import type { ActorOptions, AnyActorLogic } from "xstate";
import { ServicesContext } from "./ServicesContext";

/**
 * `useActorRef` for a screen's machine, seen by the XState inspector when it is switched on
 * (development, `?inspect`): the screen's workflow shows beside the app's long-lived actors.
 * Outside the app (a screen test renders the screen alone) there is nothing to inspect.
 */
export function useAppActor<TLogic extends AnyActorLogic>(logic: TLogic, options: ActorOptions<TLogic> = {}) {
  const inspect = useContext(ServicesContext)?.inspect;
  return useActorRef(logic, { ...options, inspect });
}
