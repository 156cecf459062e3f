import { createContext, useContext } from "react";
import type { Services } from "./services";

export const ServicesContext = createContext<Services | null>(null);

/** The running actors and provided machines of the composition root. */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices needs a ServicesContext.Provider (src/app/App.tsx)");
  return services;
}
