import { Badge } from './badge';

/** The scopes of a key or a connected app, each a badge, listed under an accessible name (whose scopes they are). */
export function ScopeBadges({ scopes, label }: { scopes: readonly string[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {scopes.map((scope) => (
        <li key={scope}>
          <Badge variant="accent" translate="no" className="font-mono">
            {scope}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
