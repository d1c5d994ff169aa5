/**
 * The "My favorites" switch of the lists (issue 36): captures, surveys and media show only what the
 * signed-in person starred while it is on. It lives in the URL's query (useFavoritesSwitch).
 */
import { Switch } from '@fluentui/react-components';
import { useFavoritesSwitch } from '../hooks/useFavoritesSwitch';

export function FavoritesSwitch() {
  const { on, set } = useFavoritesSwitch();
  return <Switch label="My favorites" checked={on} onChange={(_, data) => set(data.checked)} />;
}
