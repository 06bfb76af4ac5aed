import { Link } from 'react-router';

import { Button } from '@/components/ui/button';

type TOnThisPageProps = {
  /** The navigation landmark's name ("On this page"). */
  label: string;
  /** The page's sections, in order: each link goes to `#id`. */
  links: readonly { id: string; title: string }[];
};

/** A row of links to the sections of a long page, under its header. */
export function OnThisPage({ label, links }: TOnThisPageProps) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {links.map(({ id, title }) => (
          <li key={id}>
            <Button asChild variant="outline" size="sm">
              <Link to={`#${id}`}>{title}</Link>
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
