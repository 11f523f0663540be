import { Children, Fragment, type ReactNode } from 'react';

/** How a breadcrumb's links look (underlined: they are links, not labels). */
export const crumbLinkClasses = 'text-blue-800 underline underline-offset-2 dark:text-blue-300';

/** The trail above a page's heading: links to the pages above it, then this page's name, if given. */
export function Breadcrumb({ children, current }: { children: ReactNode; current?: ReactNode }) {
  const links = Children.toArray(children);
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      {links.map((link, i) => (
        <Fragment key={i}>
          {i > 0 && <span aria-hidden="true"> / </span>}
          {link}
        </Fragment>
      ))}
      {current !== undefined && (
        <>
          <span aria-hidden="true"> / </span>
          <span aria-current="page">{current}</span>
        </>
      )}
    </nav>
  );
}
