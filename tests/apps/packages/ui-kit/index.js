// Published-library style: plain ES module, the JSX already compiled to react/jsx-runtime calls.
import { jsx } from 'react/jsx-runtime';

export function KitButton({ id, children }) {
  return jsx('button', { className: 'kit-button', id, type: 'button', children });
}
