/**
 * A back-office page's heading: its title and, beside it, what the page offers (a "new" link).
 * `id` names the heading for a section's `aria-labelledby`.
 */
export function PageHeading({
  title,
  id,
  children,
}: {
  title: string;
  id?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="backoffice-heading">
      <h1 id={id}>{title}</h1>
      {children}
    </div>
  );
}
