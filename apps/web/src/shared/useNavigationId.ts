import { useMatches } from 'react-router';

const ids = new WeakMap<object, number>();
let lastId = 0;

/**
 * A number that changes on every completed navigation, so opening a "new" page again (even from itself)
 * starts a fresh form. Keyed on the router state's matches, which every navigation recomputes — even back to
 * the same address. Not on the location: `location.key` is "default" for every address typed in the address
 * bar, and React Router memoizes the location by its parts, so going form → (list not rendered yet: its code
 * is still loading) → form again would give the very same location object, and the old form.
 */
export function useNavigationId(): number {
  const matches = useMatches();
  let id = ids.get(matches);
  if (id === undefined) {
    id = ++lastId;
    ids.set(matches, id);
  }
  return id;
}
