import { PATHS } from '@companion/contracts';
import { useRemoteLocation } from '@companion/remote-kit';
import { CreateCharacterPage } from '../pages/create-character-page.tsx';
import { MyAiPage } from '../pages/my-ai-page.tsx';

/** The create-character remote's routes, router-less (ADR 0081): three flat pages. */
export function App() {
  const { pathname } = useRemoteLocation();
  if (PATHS.myAi.matches(pathname)) return <MyAiPage />;
  if (PATHS.createCharacterWhite.matches(pathname)) return <CreateCharacterPage white />;
  return <CreateCharacterPage />;
}
