import { useLocation } from 'react-router';

const ids = new WeakMap<object, number>();
let lastId = 0;

/**
 * A number that changes on every navigation, so opening a "new" page again (even from itself) starts a
 * fresh form. `location.key` is not enough: locations typed in the address bar all have the key "default".
 */
export function useNavigationId(): number {
  const location = useLocation();
  let id = ids.get(location);
  if (id === undefined) {
    id = ++lastId;
    ids.set(location, id);
  }
  return id;
}
