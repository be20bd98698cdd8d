/** A console page the person's role may not see: its title and why, instead of its content. */
export function NotPermitted({ title, note }: { title: string; note: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p className="console-note" role="note">
        {note}
      </p>
    </>
  );
}
