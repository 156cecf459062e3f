// The live board's route: src/app starts the screen's machine and hands the screen its actor.
import { LiveBoardScreen } from "../screens/liveBoard/LiveBoardScreen";
import { useServices } from "./ServicesContext";
import { useAppActor } from "./useAppActor";

export function LiveBoardPage() {
  const actor = useAppActor(useServices().liveBoard);
  return <LiveBoardScreen actor={actor} />;
}
