/**
 * The browser tab's name for a screen: "<title> · Switchboard". Each screen renders one beside its
 * heading. React 19 hoists a `<title>` into the head, before any there already, and removes it when
 * the screen goes, so the screen drawn last names the tab and index.html's "Switchboard" is left
 * while a screen loads.
 */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} · Switchboard`}</title>;
}
